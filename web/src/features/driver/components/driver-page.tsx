// `/driver`: a driver's phone on board. Choose one of the day's courses and load its passenger list
// (with the carrier's key); from then on tickets are checked on the phone, with or without a network,
// and the check-ins go to the server as soon as it can be reached. "Kurs odjechał" tells the server the
// course has left (issue 39).
import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';
import { useLogout } from '@/shared/auth/logout';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useAuthStore } from '@/shared/stores/auth-store';
import { Button } from '@/shared/ui/button';

import { fetchManifest } from '../api/driver-api';
import { keepPageOffline } from '../lib/offline-shell';
import { sendQueue } from '../lib/send-queue';
import { useDriverStore } from '../stores/driver-store';

import { CourseDeparted } from './course-departed';
import { CoursePicker } from './course-picker';
import { driverTexts, driverValues } from './driver-messages';
import { PassengerList } from './passenger-list';
import { TicketCheck } from './ticket-check';

import './driver.css';

function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

const RETRY_MS = 15_000;

function Connection() {
  const intl = useIntl();
  const online = useOnline();
  const queue = useDriverStore((state) => state.queue);
  const sent = useDriverStore((state) => state.sent);
  // Whenever the network is back (and now and then while it is there), the queue goes out.
  useEffect(() => {
    if (!online) return undefined;
    void sendQueue();
    const timer = window.setInterval(() => void sendQueue(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [online]);
  const refused = sent.filter((answer) => !answer.accepted);
  return (
    <div className={`driver-connection ${online ? '' : 'driver-connection--offline'}`}>
      <p role="status">
        {intl.formatMessage(driverValues.connection, {
          state: intl.formatMessage(online ? driverTexts.online : driverTexts.offline),
          queued: intl.formatMessage(driverValues.queued, { count: queue.length }),
        })}
      </p>
      {refused.length > 0 ? (
        <ul className="driver-refusals" aria-label={intl.formatMessage(driverTexts.sent)}>
          {refused.map((answer) => (
            <li key={answer.check_in_id}>{intl.formatMessage(driverValues.refusedBy, { number: answer.number, message: answer.message ?? '' })}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function CourseHeader() {
  const intl = useIntl();
  const { time, day } = useFormatters();
  const manifest = useDriverStore((state) => state.manifest);
  const load = useDriverStore((state) => state.load);
  const leave = useDriverStore((state) => state.leaveCourse);
  const [refreshing, setRefreshing] = useState(false);
  if (!manifest) return null;
  const refresh = async () => {
    setRefreshing(true);
    try {
      load(await fetchManifest(manifest.course.course_id));
    } catch {
      // Offline: the list kept is what the driver has.
    } finally {
      setRefreshing(false);
    }
  };
  return (
    <div className="driver-course">
      <p className="driver-course__name">
        {intl.formatMessage(driverValues.course, {
          day: day(manifest.course.departure_at.slice(0, 10), 'short'),
          time: time(manifest.course.departure_at),
          route: manifest.course.route_name,
        })}
      </p>
      <CourseDeparted courseId={manifest.course.course_id} />
      <div className="driver-course__actions">
        <Button variant="secondary" disabled={refreshing} onClick={() => void refresh()}>
          {intl.formatMessage(driverTexts.refresh)}
        </Button>
        <Button variant="secondary" onClick={leave}>
          {intl.formatMessage(driverTexts.otherCourse)}
        </Button>
      </div>
    </div>
  );
}

export function DriverPage() {
  const intl = useIntl();
  const headingId = useId();
  const title = intl.formatMessage(driverTexts.title);
  usePageTitle(title);
  const manifest = useDriverStore((state) => state.manifest);
  const user = useAuthStore((state) => state.user);
  const logout = useLogout();
  useEffect(() => keepPageOffline(), []);
  return (
    <div className="driver">
      <header className="driver-header">
        <span className="driver-header__brand">{intl.formatMessage(driverTexts.brand)}</span>
        <span className="driver-header__user">{user?.first_name}</span>
        <button type="button" className="driver-header__logout" onClick={() => void logout()}>
          {intl.formatMessage(driverTexts.logout)}
        </button>
      </header>
      <main className="driver-main" aria-labelledby={headingId}>
        <h1 id={headingId}>{title}</h1>
        <Connection />
        {manifest ? (
          <>
            <CourseHeader />
            <TicketCheck manifest={manifest} />
            <PassengerList manifest={manifest} />
          </>
        ) : (
          <CoursePicker />
        )}
      </main>
    </div>
  );
}
