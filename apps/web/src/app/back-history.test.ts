import { describe, expect, it } from 'vitest';
import { createBackHistory } from './back-history';

describe('back control memory', () => {
  it('goes back to the remembered routes, last first, then to trips', () => {
    const history = createBackHistory();
    history.visit('/my-trips');
    history.visit('/trips/12');
    history.visit('/profile/4');
    expect(history.back()).toBe('/trips/12');
    history.visit('/trips/12', { isBack: true });
    expect(history.back()).toBe('/my-trips');
    history.visit('/my-trips', { isBack: true });
    expect(history.back()).toBe('/trips');
  });

  it('without a remembered route goes to trips', () => {
    const history = createBackHistory();
    history.visit('/notifications');
    expect(history.back()).toBe('/trips');
  });

  it('the trips route clears the history', () => {
    const history = createBackHistory();
    history.visit('/my-trips');
    history.visit('/notifications');
    history.visit('/trips?origin_name=Rosario');
    expect(history.size()).toBe(0);
    history.visit('/trips/3');
    // Only the search just left is remembered: back returns to it, then nothing is left.
    expect(history.back()).toBe('/trips?origin_name=Rosario');
    expect(history.size()).toBe(0);
  });

  it('keeps the search of a remembered route, and a reload of the same route adds nothing', () => {
    const history = createBackHistory();
    history.visit('/my-trips?loc=suscriptions');
    history.visit('/notifications');
    history.visit('/notifications');
    expect(history.size()).toBe(1);
    expect(history.back()).toBe('/my-trips?loc=suscriptions');
  });
});
