import { useState } from 'react';
import { WifiOff } from 'lucide-react';
import buttons from '../../components/ui/button.module.css';
import { connectionBannerMark } from '../../components/ui/heading-actions';
import { api } from '../../lib/api-client';
import { useConnectionStatus, useProbeWhileOffline } from '../../lib/connection';
import styles from './connection-banner.module.css';

const connectionTexts = {
  offline: "You're offline. CodeTube can't reach its server.",
  recovers: 'It reconnects by itself when the connection is back.',
  retry: 'Retry',
} as const;

/**
 * Says when the backend cannot be reached, under the top bar on every screen, with a Retry that
 * asks the backend at once (any answer brings the app back: screens whose load failed load again);
 * without it the backend is asked again now and then, so the banner leaves by itself.
 * The live region is always there, so screen readers hear the message when it appears.
 */
export function ConnectionBanner() {
  const status = useConnectionStatus();
  const [retrying, setRetrying] = useState(false);
  // Asked again by itself now and then: the banner leaves when the server is back.
  useProbeWhileOffline(() => api.call('GET /api/config'));

  const retry = () => {
    if (retrying) return;
    setRetrying(true);
    // The answer, or its absence, is reported to the connection status by the API client.
    api.call('GET /api/config').then(
      () => {
        setRetrying(false);
        // The banner and its button go away: the focus goes on to the page.
        document.getElementById('main')?.focus();
      },
      () => setRetrying(false),
    );
  };

  return (
    <div role="status" className={styles.region} {...connectionBannerMark}>
      {status === 'offline' && (
        <div className={styles.banner}>
          <WifiOff aria-hidden size={20} className={styles.icon} />
          <p className={styles.text}>
            <strong>{connectionTexts.offline}</strong> {connectionTexts.recovers}
          </p>
          <button type="button" className={buttons.button} onClick={retry} aria-busy={retrying}>
            {connectionTexts.retry}
          </button>
        </div>
      )}
    </div>
  );
}
