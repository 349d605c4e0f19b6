import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, getCurrentUser, registerUser } from '../../test/app';

const t = await createTestApp();
const { app } = t;
afterAll(() => t.close());

const putProfile = (payload: object, token?: string) =>
  app.inject({
    method: 'PUT',
    url: '/api/user/profile',
    headers: token ? { cookie: `lr_session=${token}` } : {},
    payload,
  });

describe('PUT /api/user/profile', () => {
  it('updates the profile fields and returns the user', async () => {
    const token = await registerUser(app, 'profile@example.com');
    const response = await putProfile(
      {
        firstName: ' Maria ',
        lastName: 'Lopez',
        companyName: 'Lopez Insurance',
        industry: 'Insurance',
        service: 'Home insurance',
        preferredLocalClients: 'Homeowners in Tucson',
      },
      token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      email: 'profile@example.com',
      firstName: 'Maria',
      lastName: 'Lopez',
      companyName: 'Lopez Insurance',
      industry: 'Insurance',
      service: 'Home insurance',
      preferredLocalClients: 'Homeowners in Tucson',
    });
    const current = await getCurrentUser(app, token);
    expect(current.json().companyName).toBe('Lopez Insurance');
  });

  it('keeps fields that are left out and clears fields sent blank', async () => {
    const token = await registerUser(app, 'partial@example.com');
    const response = await putProfile({ lastName: '', industry: 'Finance' }, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Dana', lastName: null, industry: 'Finance' });
  });

  it('keeps the postal address campaign mails print, until it is cleared', async () => {
    const token = await registerUser(app, 'postal@example.com');
    expect((await getCurrentUser(app, token)).json().postalAddress).toBeNull();
    const saved = await putProfile({ postalAddress: ' 12 Elm Street\nAustin, TX 78701 ' }, token);
    expect(saved.json().postalAddress).toBe('12 Elm Street\nAustin, TX 78701');
    expect((await getCurrentUser(app, token)).json().postalAddress).toBe('12 Elm Street\nAustin, TX 78701');
    expect((await putProfile({ postalAddress: '' }, token)).json().postalAddress).toBeNull();
    const tooLong = await putProfile({ postalAddress: 'x'.repeat(501) }, token);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('Postal address must be at most 500 characters.');
  });

  it('keeps the booking links, as typed, once each, until they are replaced', async () => {
    const token = await registerUser(app, 'booking@example.com');
    expect((await getCurrentUser(app, token)).json().bookingUrls).toEqual([]);
    const links = [' https://calendly.com/dana/30min ', 'http://book.example.com/Dana?ref=mail'];
    const saved = await putProfile({ bookingUrls: [...links, 'https://calendly.com/dana/30min'] }, token);
    expect(saved.statusCode, saved.body).toBe(200);
    const kept = ['https://calendly.com/dana/30min', 'http://book.example.com/Dana?ref=mail'];
    expect(saved.json().bookingUrls).toEqual(kept);
    expect((await getCurrentUser(app, token)).json().bookingUrls).toEqual(kept);
    // Other profile changes leave them alone; an empty list clears them.
    expect((await putProfile({ industry: 'Finance' }, token)).json().bookingUrls).toEqual(kept);
    expect((await putProfile({ bookingUrls: [] }, token)).json().bookingUrls).toEqual([]);
  });

  it('refuses booking links that are not web addresses, and more than five', async () => {
    const token = await registerUser(app, 'bad-booking@example.com');
    const refused = async (bookingUrls: unknown) => {
      const response = await putProfile({ bookingUrls }, token);
      expect(response.statusCode).toBe(400);
      return response.json().message;
    };
    expect(await refused(['https://calendly.com/dana', 'calendly.com/dana'])).toBe(
      '"calendly.com/dana" is not a web address: a booking link starts with http:// or https://.',
    );
    expect(await refused(['javascript:alert(1)'])).toBe(
      '"javascript:alert(1)" is not a web address: a booking link starts with http:// or https://.',
    );
    expect(await refused(['  '])).toBe('A booking link cannot be empty.');
    expect(await refused(Array.from({ length: 6 }, (_, i) => `https://cal.example.com/${i}`))).toBe(
      'Add at most 5 booking links.',
    );
    expect((await getCurrentUser(app, token)).json().bookingUrls).toEqual([]);
  });

  it('keeps the sending window, weekdays 09:00 to 17:00 until changed, without touching the other fields', async () => {
    const token = await registerUser(app, 'window@example.com');
    const before = (await getCurrentUser(app, token)).json();
    expect(before.sendingWindow).toEqual({ start: '09:00', end: '17:00', days: [1, 2, 3, 4, 5] });

    // Days come back once each, in order.
    const saved = await putProfile({ sendingWindow: { start: '08:30', end: '18:00', days: [6, 2, 2, 4] } }, token);
    expect(saved.statusCode, saved.body).toBe(200);
    const window = { start: '08:30', end: '18:00', days: [2, 4, 6] };
    expect(saved.json().sendingWindow).toEqual(window);
    const after = (await getCurrentUser(app, token)).json();
    expect(after.sendingWindow).toEqual(window);
    const { sendingWindow: _before, ...beforeFields } = before;
    const { sendingWindow: _after, ...afterFields } = after;
    expect(afterFields).toEqual(beforeFields);

    // A profile change without a window leaves it alone.
    expect((await putProfile({ industry: 'Finance' }, token)).json().sendingWindow).toEqual(window);
  });

  it("refuses a sending window the schema refuses, with the schema's message, and keeps the saved one", async () => {
    const token = await registerUser(app, 'bad-window@example.com');
    const refused = async (sendingWindow: unknown) => {
      const response = await putProfile({ sendingWindow, companyName: 'Changed Inc' }, token);
      expect(response.statusCode).toBe(400);
      return response.json().message;
    };
    const weekdays = [1, 2, 3, 4, 5];
    expect(await refused({ start: '17:00', end: '09:00', days: weekdays })).toBe(
      'The sending window must end after it starts.',
    );
    expect(await refused({ start: '09:00', end: '09:00', days: weekdays })).toBe(
      'The sending window must end after it starts.',
    );
    expect(await refused({ start: '9am', end: '17:00', days: weekdays })).toBe('Use a time such as 09:00.');
    expect(await refused({ start: '09:00', end: '24:00', days: weekdays })).toBe('Use a time such as 09:00.');
    expect(await refused({ start: '09:00', end: '17:00', days: [] })).toBe('Choose at least one sending day.');
    expect(await refused({ start: '09:00', end: '17:00', days: [0, 8] })).toBe(
      'Day 1 of the sending window must be at least 1.',
    );
    const current = (await getCurrentUser(app, token)).json();
    expect(current.sendingWindow).toEqual({ start: '09:00', end: '17:00', days: weekdays });
    expect(current.companyName).toBe('Reyes Realty');
  });

  it('keeps the timezone sending limits and the sending window follow, and refuses a zone it does not know', async () => {
    const token = await registerUser(app, 'zone@example.com');
    const saved = await putProfile({ timezone: 'America/Chicago' }, token);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ timezone: 'America/Chicago', companyName: 'Reyes Realty' });
    // An alias browsers report is kept as given.
    expect((await putProfile({ timezone: 'Asia/Kolkata' }, token)).json().timezone).toBe('Asia/Kolkata');
    const unknown = await putProfile({ timezone: 'Mars/Olympus' }, token);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: 'Unknown time zone.' });
    expect((await getCurrentUser(app, token)).json().timezone).toBe('Asia/Kolkata');
  });

  it('changes only the signed-in user', async () => {
    const mine = await registerUser(app, 'mine@example.com');
    const theirs = await registerUser(app, 'theirs@example.com');
    await putProfile({ companyName: 'Mine Inc' }, mine);
    const other = await getCurrentUser(app, theirs);
    expect(other.json().companyName).toBe('Reyes Realty');
  });

  it('answers 401 when signed out and 400 for a field that is not text', async () => {
    expect((await putProfile({ firstName: 'X' })).statusCode).toBe(401);
    const token = await registerUser(app, 'typed@example.com');
    const response = await putProfile({ firstName: 42 }, token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The first name must be text.' });
  });
});
