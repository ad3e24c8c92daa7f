import './progress-bar.css';

/**
 * A determinate progress bar, 0–100, with its accessible name. With `showValue` the percentage
 * is printed beside it (the bar and the number in one row that fills its container).
 */
export function ProgressBar({
  value,
  label,
  showValue = false,
  className,
}: {
  value: number;
  label: string;
  showValue?: boolean;
  className?: string;
}) {
  const bar = (
    <span className="progress-bar-track" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} aria-label={label}>
      <span className="progress-bar-fill" style={{ width: `${value}%` }} />
    </span>
  );
  if (!showValue) return bar;
  return (
    <span className={className ? `progress-bar ${className}` : 'progress-bar'}>
      {bar}
      <span className="progress-bar-value">{value}%</span>
    </span>
  );
}
