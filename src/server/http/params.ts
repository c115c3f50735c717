import * as v from 'valibot';

/** A serial id in a path (`/products/{id}`): digits only, small enough for an integer column. */
export const SerialIdSchema = v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number));
