import type { User } from '@prisma/client';
import type { CountryConfig } from '../../config/countries';
import type { Clock } from '../../lib/clock';
import type { TripReadModel } from '../../read-model/trip-read-model';
import type { RequestRepository } from '../../repositories/request-repository';
import type { TripRepository } from '../../repositories/trip-repository';
import type { NotificationService } from '../notification-service';
import type { PlaceService } from '../place-service';
import type { PriceService } from '../price-service';
import type { SubscriptionService } from '../subscription-service';
import { createMatching } from './matching';
import { createSearchFilter } from './search-filter';
import { createTripAccess } from './trip-access';
import { createTripAnswers } from './trip-answers';
import { createTripFormRules } from './trip-form';
import { createTripHooks } from './trip-hooks';
import { createTripWrites } from './trip-writes';

type Deps = {
  trips: TripRepository;
  /** The trip read path: searches, kept answers, trip records (read-model/). */
  reads: TripReadModel;
  prices: PriceService;
  places: PlaceService;
  subscriptions: SubscriptionService;
  notifications: NotificationService;
  clock: Clock;
  country: CountryConfig;
  /** What a single-trip answer adds for a logged-in viewer: the seat-request limit and the group chat. */
  seatRequests: Pick<RequestRepository, 'seatRequestLimitStatus' | 'tripGroupChat'>;
};

/** The trip rules, one file per operation, composed into the service the routes call. */
export function createTripService({ trips, reads, prices, places, subscriptions, notifications, clock, country, seatRequests }: Deps) {
  const access = createTripAccess({ reads, clock });
  const hooks = createTripHooks({ reads, subscriptions, notifications });
  const form = createTripFormRules({ trips, prices, places, clock, country });
  const writes = createTripWrites({ trips, reads, prices, places, clock, country, form, hooks, access });
  const answers = createTripAnswers({ reads, clock, country, searchFilter: createSearchFilter({ clock, country, places }), seatRequests });

  return {
    onTripDeleted: hooks.onTripDeleted,
    onTripPublished: hooks.onTripPublished,
    /** Loads the search index in memory ahead of the first search. */
    warmSearch: () => reads.warm('index'),
    /** Loads the upcoming trips' answers ahead of the searches; answers how many. */
    warmAnswers: () => reads.warm('answers'),

    searchJson: answers.searchJson,
    show: answers.show,
    showJson: answers.showJson,
    upcomingTrips: answers.upcomingTrips,
    oldTrips: answers.oldTrips,

    create: writes.create,
    update: writes.update,
    remove: writes.remove,
    changeSeats: writes.changeSeats,
    toggleVisibility: writes.toggleVisibility,

    matchers: createMatching({ trips, reads, subscriptions, clock, access }),

    sealingInfo: (user: User) => prices.sealingAnswer(user),
    tripInfo: (user: User, points: { lat: number; lng: number }[]) => prices.tripInfo(user, points),
    async price(user: User, points: { lat: number; lng: number }[]) {
      return { data: await prices.quote(user, points) };
    },
  };
}

export type TripService = ReturnType<typeof createTripService>;
