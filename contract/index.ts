/** What widgets, analytics, the template engine and the server agree on. Imports nothing. */
export * from './class-names';
export * from './enumerations';
