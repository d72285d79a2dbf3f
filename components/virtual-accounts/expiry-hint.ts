/** "in 2 days", "in 3 h 5 min", "4 min ago": a relative hint beside an exact time. */
export function relativeTime(date: Date, now = new Date()): string {
  const ms = date.getTime() - now.getTime();
  const minutes = Math.round(Math.abs(ms) / 60_000);
  let text: string;
  if (minutes < 1) text = "less than a minute";
  else if (minutes < 60) text = `${minutes} min`;
  else if (minutes < 48 * 60) text = `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ""}`;
  else text = `${Math.round(minutes / 1440)} days`;
  return ms >= 0 ? `in ${text}` : `${text} ago`;
}
