export * from './accounts';
export * from './campaigns';
export * from './leads';
export * from './templates';
export * from './users';
