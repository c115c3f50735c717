export { range as default } from './lodash-small.ts';
