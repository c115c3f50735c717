const DAY = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeZone: 'UTC' });
const MOMENT_DAY = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium' });

/** A calendar day ('1971-07-14') as people read it ('14 Jul 1971'), whatever the time zone. */
export const calendarDayText = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`));

/** A moment as the day it fell on here. */
export const momentDayText = (moment: string) => MOMENT_DAY.format(new Date(moment));
