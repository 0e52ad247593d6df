import { useEffect, useState } from 'react';

/** What is left until `until`, as m:ss, ticking every second; 'Vencida' once it has passed. */
export function Countdown({ until }: { until: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.floor((new Date(until).getTime() - now) / 1000));
  if (left === 0) return <span>Vencida</span>;
  const text = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
  // Read out once a minute at most: the live region names the minutes, not every second.
  return (
    <span>
      <span aria-hidden="true">{text}</span>
      <span className="visually-hidden">{`Quedan ${Math.ceil(left / 60)} minutos`}</span>
    </span>
  );
}
