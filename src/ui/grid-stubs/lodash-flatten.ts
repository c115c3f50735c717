export { flatten as default } from './lodash-small.ts';
