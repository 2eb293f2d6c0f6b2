import { Timeline, Typography } from 'antd';
import { Time } from '../lib/format.tsx';

/** The decisions taken on a reviewed item (loan, seller application), oldest first; nothing when none. */
export function DecisionTimeline({ title, entries }: { title: string; entries: { action: string; at: string; reason: string | null }[] }) {
  if (entries.length === 0) return null;
  return (
    <section>
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        {title}
      </Typography.Title>
      <Timeline
        items={entries.map((entry) => ({
          key: `${entry.action}-${entry.at}`,
          content: (
            <span>
              {entry.action} · <Time value={entry.at} />
              {entry.reason ? ` · ${entry.reason}` : ''}
            </span>
          ),
        }))}
      />
    </section>
  );
}
