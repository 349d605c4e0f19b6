export * from './accounts';
export * from './campaigns';
export * from './inbound';
export * from './lead-finder';
export * from './leads';
export * from './strategy';
export * from './templates';
export * from './users';
