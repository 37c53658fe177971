export * from './digits.js';
export * from './normalize.js';
export * from './money.js';
export * from './date.js';
export * from './jalali.js';
export * from './mobile.js';
