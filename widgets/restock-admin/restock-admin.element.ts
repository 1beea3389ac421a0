// Placeholder until the widget lands: defines nothing.
export {};
