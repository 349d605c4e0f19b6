export * from './accounts';
export * from './leads';
export * from './templates';
export * from './users';
