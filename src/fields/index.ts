export type { Field, FieldLocation, FieldSource } from './field.js';
