import { describe, expect, it } from 'vitest';

import { couponAmount, passengerCount, useBookingStore, type BookingCourse } from './booking-store';

const course: BookingCourse = {
  course_id: '20300712-0730-4001-8000-000000000000',
  route_id: 1,
  route_name: 'Nisko – Kraków',
  from: { id: 1, name: 'Nisko, Dworzec Autobusowy' },
  to: { id: 11, name: 'Kraków, MDA Dworzec Autobusowy' },
  departure_at: '2030-07-12T07:30:00+02:00',
  arrival_at: '2030-07-12T11:25:00+02:00',
  duration_minutes: 235,
  price: 3900,
  seats_available: 30,
};

describe('booking store', () => {
  it('starts with the spec defaults', () => {
    const state = useBookingStore.getState();
    expect(state.course).toBeNull();
    expect(state.courseReturn).toBeNull();
    expect(state.tickets).toEqual([{ qty: 1, discount_id: null, price: 0, total: 0, total_formatted: '' }]);
    expect(state.customer).toEqual({
      first_name: '',
      last_name: '',
      email: '',
      phone: '',
      consent_statute: 0,
      consent_gdpr: 0,
      notify_by_sms: 0,
      id: null,
    });
    expect(state.invoice).toEqual({
      is_selected: 0,
      country: 'PL',
      vat_number: '',
      company_name: '',
      address: '',
      postal_code: '',
      city: '',
    });
    expect(state.discounts).toEqual([]);
    expect(state.coupon).toEqual({ code: null, value: 0 });
  });

  it('starts an order for the chosen courses with one fresh ticket, keeping the buyer', () => {
    const store = useBookingStore.getState();
    store.setCustomer({ first_name: 'Jan' });
    store.updateTicket(0, { qty: 3 });
    store.chooseCourses(course, null);

    const state = useBookingStore.getState();
    expect(state.course).toEqual(course);
    expect(state.tickets).toEqual([{ qty: 1, discount_id: null, price: 0, total: 0, total_formatted: '' }]);
    expect(state.customer.first_name).toBe('Jan');
  });

  it('adds, changes and removes ticket lines; a recalculation replaces them', () => {
    const store = useBookingStore.getState();
    store.addTicket();
    store.updateTicket(1, { discount_id: 7, qty: 2 });
    expect(useBookingStore.getState().tickets[1]).toMatchObject({ qty: 2, discount_id: 7 });
    expect(passengerCount(useBookingStore.getState().tickets)).toBe(3);

    store.setTickets([
      { qty: 1, discount_id: null, price: 3900, total: 3900, total_formatted: '39,00 zł' },
      { qty: 2, discount_id: 7, price: 2457, total: 4914, total_formatted: '49,14 zł' },
    ]);
    expect(useBookingStore.getState().total).toBe(8814);

    store.removeTicket(0);
    expect(useBookingStore.getState().tickets).toEqual([
      { qty: 2, discount_id: 7, price: 2457, total: 4914, total_formatted: '49,14 zł' },
    ]);
  });

  it('applies and clears the coupon (code null, value 0)', () => {
    const store = useBookingStore.getState();
    store.setCoupon({ code: 'LATO2026', value: 2000 });
    expect(useBookingStore.getState().coupon).toEqual({ code: 'LATO2026', value: 2000 });
    store.clearCoupon();
    expect(useBookingStore.getState().coupon).toEqual({ code: null, value: 0 });
  });

  it('resets everything to the defaults', () => {
    const store = useBookingStore.getState();
    store.chooseCourses(course, course);
    store.setInvoice({ is_selected: 1, company_name: 'Firma' });
    store.setCoupon({ code: 'X', value: 1 });
    store.reset();

    const state = useBookingStore.getState();
    expect(state.course).toBeNull();
    expect(state.courseReturn).toBeNull();
    expect(state.invoice.is_selected).toBe(0);
    expect(state.coupon.code).toBeNull();
  });

  it('is kept in sessionStorage, so a reload of the order form keeps it', async () => {
    useBookingStore.getState().chooseCourses(course, null);
    useBookingStore.getState().setCustomer({ email: 'jan.kowalski@example.com' });
    const saved = sessionStorage.getItem('nisko-bus.booking');
    expect(saved).toContain('jan.kowalski@example.com');

    useBookingStore.setState({ course: null, customer: { ...useBookingStore.getState().customer, email: '' } });
    sessionStorage.setItem('nisko-bus.booking', saved ?? '');
    await useBookingStore.persist.rehydrate();

    expect(useBookingStore.getState().course?.course_id).toBe(course.course_id);
    expect(useBookingStore.getState().customer.email).toBe('jan.kowalski@example.com');
  });

  it('keeps, from a draft saved before the placed order became a query, the order it was placed as', async () => {
    useBookingStore.getState().chooseCourses(course, null);
    const saved = JSON.parse(sessionStorage.getItem('nisko-bus.booking') ?? '{}') as { state: Record<string, unknown> };
    const { placedHashId: _placed, ...older } = saved.state;
    sessionStorage.setItem(
      'nisko-bus.booking',
      JSON.stringify({ version: 1, state: { ...older, order: { hash_id: 'abc123', status: 'pending_payment' } } }),
    );
    await useBookingStore.persist.rehydrate();

    expect(useBookingStore.getState().placedHashId).toBe('abc123');
    expect(useBookingStore.getState().course?.course_id).toBe(course.course_id);
  });
});

describe('couponAmount', () => {
  it('takes the coupon value, never more than the total', () => {
    expect(couponAmount(7800, { code: 'A', value: 2000 })).toBe(2000);
    expect(couponAmount(1500, { code: 'A', value: 2000 })).toBe(1500);
    expect(couponAmount(7800, { code: null, value: 0 })).toBe(0);
  });
});
