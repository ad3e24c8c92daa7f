import * as RadixSlider from '@radix-ui/react-slider';
import './slider.css';

/** A labelled single-value slider (Radix: arrows, Page Up/Down, Home/End), its value read out as `valueText`. */
export function Slider({
  label,
  value,
  onChange,
  min = 0,
  max = 100,
  step = 1,
  valueText,
  disabled,
  className,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
  /** How the value reads aloud ("Day 3 of 7"). */
  valueText?: string;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <RadixSlider.Root
      className={['ui-slider', className].filter(Boolean).join(' ')}
      value={[value]}
      min={min}
      max={max}
      step={step}
      disabled={disabled}
      onValueChange={(v) => onChange(v[0]!)}
    >
      <RadixSlider.Track className="ui-slider-track">
        <RadixSlider.Range className="ui-slider-range" />
      </RadixSlider.Track>
      <RadixSlider.Thumb className="ui-slider-thumb" aria-label={label} aria-valuetext={valueText} />
    </RadixSlider.Root>
  );
}
