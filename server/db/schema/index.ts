export * from './leads';
export * from './users';
