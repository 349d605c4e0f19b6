/** The OpenStreetMap keys that say what a business is. */
export const BUSINESS_TAG_KEYS = ['amenity', 'shop', 'office', 'healthcare', 'craft', 'leisure', 'tourism'] as const;

export type BusinessTag = { key: (typeof BUSINESS_TAG_KEYS)[number]; value: string };

/** A kind of business in everyday words, and the OSM tags businesses of that kind carry. */
export type BusinessCategory = { words: readonly string[]; tags: readonly BusinessTag[] };

const amenity = (value: string): BusinessTag => ({ key: 'amenity', value });
const shop = (value: string): BusinessTag => ({ key: 'shop', value });
const office = (value: string): BusinessTag => ({ key: 'office', value });
const healthcare = (value: string): BusinessTag => ({ key: 'healthcare', value });
const craft = (value: string): BusinessTag => ({ key: 'craft', value });

// Words are matched whole, lower case, singular (see `findBusinessCategory`); tags follow the OSM wiki's Map features.
export const BUSINESS_CATEGORIES: readonly BusinessCategory[] = [
  {
    words: ['dentist', 'dental practice', 'dental clinic', 'dental office'],
    tags: [amenity('dentist'), healthcare('dentist')],
  },
  { words: ['doctor', 'physician', 'medical practice', 'gp'], tags: [amenity('doctors'), healthcare('doctor')] },
  { words: ['clinic', 'medical clinic'], tags: [amenity('clinic'), healthcare('clinic')] },
  { words: ['physiotherapist', 'physio', 'physical therapist'], tags: [healthcare('physiotherapist')] },
  { words: ['psychotherapist', 'therapist'], tags: [healthcare('psychotherapist')] },
  { words: ['pharmacy', 'drugstore', 'chemist'], tags: [amenity('pharmacy'), healthcare('pharmacy')] },
  { words: ['optician', 'optometrist'], tags: [shop('optician'), healthcare('optometrist')] },
  { words: ['veterinarian', 'vet', 'veterinary clinic', 'animal hospital'], tags: [amenity('veterinary')] },
  {
    words: ['real estate agency', 'real estate agent', 'real estate', 'realtor', 'estate agent'],
    tags: [office('estate_agent')],
  },
  { words: ['insurance', 'insurance agency', 'insurance agent', 'insurance broker'], tags: [office('insurance')] },
  {
    words: ['accountant', 'accounting firm', 'bookkeeper', 'tax advisor', 'tax consultant'],
    tags: [office('accountant'), office('tax_advisor')],
  },
  { words: ['lawyer', 'attorney', 'law firm', 'solicitor'], tags: [office('lawyer')] },
  { words: ['notary'], tags: [office('notary')] },
  { words: ['financial advisor', 'financial adviser', 'financial planner'], tags: [office('financial_advisor')] },
  { words: ['architect', 'architecture firm'], tags: [office('architect')] },
  { words: ['it company', 'it service', 'software company'], tags: [office('it')] },
  { words: ['marketing agency', 'advertising agency'], tags: [office('advertising_agency')] },
  { words: ['travel agency', 'travel agent'], tags: [shop('travel_agency')] },
  { words: ['restaurant'], tags: [amenity('restaurant')] },
  { words: ['cafe', 'café', 'coffee shop'], tags: [amenity('cafe')] },
  { words: ['bar', 'pub'], tags: [amenity('bar'), amenity('pub')] },
  { words: ['bakery', 'baker'], tags: [shop('bakery')] },
  { words: ['butcher'], tags: [shop('butcher')] },
  { words: ['florist', 'flower shop'], tags: [shop('florist')] },
  { words: ['hair salon', 'hairdresser', 'barber', 'barbershop'], tags: [shop('hairdresser')] },
  { words: ['beauty salon', 'nail salon', 'cosmetician'], tags: [shop('beauty')] },
  {
    words: ['gym', 'fitness center', 'fitness centre', 'fitness studio'],
    tags: [{ key: 'leisure', value: 'fitness_centre' }],
  },
  {
    words: ['hotel', 'motel'],
    tags: [
      { key: 'tourism', value: 'hotel' },
      { key: 'tourism', value: 'motel' },
    ],
  },
  { words: ['guest house', 'bed and breakfast', 'b&b'], tags: [{ key: 'tourism', value: 'guest_house' }] },
  { words: ['car repair', 'auto repair', 'mechanic', 'garage'], tags: [shop('car_repair')] },
  { words: ['car dealer', 'car dealership'], tags: [shop('car')] },
  { words: ['plumber', 'plumbing'], tags: [craft('plumber')] },
  { words: ['electrician'], tags: [craft('electrician')] },
  { words: ['roofer', 'roofing'], tags: [craft('roofer')] },
  { words: ['carpenter', 'joiner'], tags: [craft('carpenter')] },
  { words: ['painter', 'painter and decorator'], tags: [craft('painter')] },
  { words: ['gardener', 'landscaper'], tags: [craft('gardener')] },
  { words: ['photographer'], tags: [craft('photographer')] },
  { words: ['school'], tags: [amenity('school')] },
  { words: ['kindergarten', 'daycare', 'childcare'], tags: [amenity('kindergarten'), amenity('childcare')] },
  { words: ['driving school'], tags: [amenity('driving_school')] },
  { words: ['clothing store', 'clothes shop', 'boutique'], tags: [shop('clothes')] },
  { words: ['hardware store', 'diy store'], tags: [shop('hardware'), shop('doityourself')] },
  { words: ['bookstore', 'bookshop'], tags: [shop('books')] },
  { words: ['jeweler', 'jeweller', 'jewelry store'], tags: [shop('jewelry')] },
  { words: ['bicycle shop', 'bike shop'], tags: [shop('bicycle')] },
];

/** The category the user's words name ("Dentists", "real estate agency"), or null to search by name instead. */
export function findBusinessCategory(query: string): BusinessCategory | null {
  const words = normalise(query);
  const singular = singularise(words);
  return (
    BUSINESS_CATEGORIES.find((category) => category.words.includes(words) || category.words.includes(singular)) ?? null
  );
}

/** An OSM tag value in words: `estate_agent` → "Estate agent". */
export function readableTagValue(value: string): string {
  const words = value.replace(/[_;]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function normalise(query: string) {
  return query.trim().toLowerCase().replace(/\s+/g, ' ');
}

function singularise(words: string) {
  if (words.endsWith('ies')) return `${words.slice(0, -3)}y`;
  if (/(ch|sh|ss|x)es$/.test(words)) return words.slice(0, -2);
  return words.replace(/s$/, '');
}
