export function withoutDocumentation(code: string, file: string): { code: string; map: unknown } | null;
export function documentationOnly(): { name: string; transform(code: string, id: string): unknown };
