import { formatterOnFirstUse } from '../../../shared/catalogue/dates';

/** Chat messages grouped by day (the day of the admin's own clock). */
export interface DayGroup<Message> {
  day: string;
  label: string;
  messages: Message[];
}

const dayLabel = formatterOnFirstUse('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

const localDay = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

export function groupByDay<Message extends { created_at: string }>(messages: readonly Message[]): Array<DayGroup<Message>> {
  const groups: Array<DayGroup<Message>> = [];
  for (const message of messages) {
    const date = new Date(message.created_at);
    const day = localDay(date);
    const last = groups.at(-1);
    if (last?.day === day) last.messages.push(message);
    else groups.push({ day, label: dayLabel().format(date), messages: [message] });
  }
  return groups;
}
