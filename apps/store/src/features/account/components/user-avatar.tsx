import { Avatar } from 'antd';

/** Background colours dark enough for white initials (contrast above 4.5:1). */
const COLOURS = ['#9a3412', '#1d4ed8', '#047857', '#6d28d9', '#be123c', '#0f766e', '#a16207', '#374151'];

/** The user's avatar: the profile has an avatar number, not a picture, so the initial is shown. */
export function UserAvatar({ name, avatar, size = 64 }: { name: string; avatar?: string | undefined; size?: number }) {
  const index = Number.parseInt(avatar ?? '1', 10);
  const colour = COLOURS[(Number.isFinite(index) && index > 0 ? index - 1 : 0) % COLOURS.length];
  const initial = [...name.trim()][0]?.toUpperCase() ?? '?';
  return (
    <Avatar size={size} style={{ backgroundColor: colour, color: '#fff', fontSize: size / 2.4, flexShrink: 0 }} aria-hidden="true">
      {initial}
    </Avatar>
  );
}
