/** What widgets, analytics, the template engine and the server agree on. Imports nothing. */
export * from './api-error';
export * from './cart';
export * from './class-names';
export * from './currencies';
export * from './email';
export * from './enumerations';
export * from './form-fields';
export * from './messages';
export * from './money';
export * from './page';
export * from './product-images';
export * from './restock';
export * from './reviews';
export * from './site-forms';
export * from './site-users';
export * from './store-context';
export * from './widget-messages';
