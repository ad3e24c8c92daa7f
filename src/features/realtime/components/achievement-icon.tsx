import { Award, Flame, Target, Trophy, Zap, type LucideIcon } from 'lucide-react';

/**
 * The picture of an achievement, chosen here from what made it (the domain's rules stay free of React and
 * carry an emoji for other clients; emoji render as empty boxes where no emoji font is installed).
 */
export function achievementIcon(a: { type: string; celebration_level?: string }): LucideIcon {
  switch (a.type) {
    case 'streak':
      return a.celebration_level === 'epic' ? Flame : Zap;
    case 'personal_record':
      return Trophy;
    case 'first_score':
      return Target;
    default:
      return Award;
  }
}

export function AchievementIcon({
  achievement,
  size,
  className,
}: {
  achievement: { type: string; celebration_level?: string };
  size: number;
  className?: string;
}) {
  const Icon = achievementIcon(achievement);
  return <Icon size={size} className={className} aria-hidden strokeWidth={2} />;
}
