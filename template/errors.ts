/** Where a problem was found: compiling (parse or assemble) or executing. */
export type ErrorStage = 'parse' | 'assemble' | 'execute';

/** One problem in a template. Problems are returned, never thrown out of the public API. */
export interface TemplateError {
  stage: ErrorStage;
  message: string;
  /** 1-based line and column of the instruction, when known. */
  line: number;
  column: number;
  /** Name of the partial or macro the problem is in, when not the main template. */
  source?: string;
}

/** Source position of an instruction. */
export interface Position {
  line: number;
  column: number;
}

/** "12:5: message" (the form the CLI prints). */
export function formatError(error: TemplateError): string {
  const where = error.source ? `${error.source}:` : '';
  return `${where}${error.line}:${error.column}: ${error.message}`;
}
