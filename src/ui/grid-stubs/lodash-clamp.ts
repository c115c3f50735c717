export { clamp as default } from './lodash-small.ts';
