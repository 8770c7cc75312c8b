const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Nights [start, end) as a person says them: "Jun 3 – Jun 5, 2027", or "Dec 30, 2027 – Jan 2, 2028" across a year. */
export function stayRange(start: string, end: string): string {
  const [startYear, startMonth, startDay] = start.split("-").map(Number) as [number, number, number];
  const [endYear, endMonth, endDay] = end.split("-").map(Number) as [number, number, number];
  const from = `${MONTHS[startMonth - 1]} ${startDay}`;
  const to = `${MONTHS[endMonth - 1]} ${endDay}, ${endYear}`;
  return startYear === endYear ? `${from} – ${to}` : `${from}, ${startYear} – ${to}`;
}
