export { uniq as default } from './lodash-small.ts';
