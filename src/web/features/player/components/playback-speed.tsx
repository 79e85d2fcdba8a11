import { useId } from 'react';
import { Gauge } from 'lucide-react';
import { PLAYBACK_RATES, playbackRateLabel } from '../playback-rate';
import styles from './playback-speed.module.css';

interface PlaybackSpeedProps {
  rate: number;
  onChange: (rate: number) => void;
}

/** The playback speed menu: a native select, so it works with keyboard and screen readers as is. */
export function PlaybackSpeed({ rate, onChange }: PlaybackSpeedProps) {
  const id = useId();
  return (
    <span className={styles.speed}>
      <label htmlFor={id} className={styles.label}>
        <Gauge aria-hidden size={18} />
        <span className="visually-hidden">Playback speed</span>
      </label>
      <select
        id={id}
        className={styles.select}
        value={String(rate)}
        onChange={(event) => onChange(Number(event.target.value))}
        title="Playback speed"
      >
        {PLAYBACK_RATES.map((option) => (
          <option key={option} value={String(option)}>
            {playbackRateLabel(option)}
          </option>
        ))}
      </select>
    </span>
  );
}
