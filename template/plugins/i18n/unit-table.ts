/**
 * Units of measure the `unit` formatter converts between: each unit's category, its size in
 * the category's base unit (exact decimal or fraction text), and how it is labelled outside the
 * CLDR 29 table (`cldr-units.ts`, which labels every unit CLDR 29 has in its locales): units
 * Intl formats (its sanctioned units) take their labels from the runtime's CLDR data; for the
 * others (centuries, hertz, squared and cubed units, …) `label` gives English CLDR patterns
 * `narrow|short|long one|long other`.
 */
export interface UnitDef {
  category: string;
  /** Size in the base unit; for `inverse` units, the base amount is `factor / value`. */
  factor: string;
  /** Added after scaling (temperatures: the base is kelvin). */
  offset?: string;
  inverse?: boolean;
  /** The compact set it falls back to when no output unit is given. */
  compact: string;
  /** Whether `Intl.NumberFormat` formats it (style "unit"). */
  intl?: boolean;
  label?: string;
}

/** 180/π as CLDR's units data writes it (π = 411557987/131002976). */
const DEGREES_PER_RADIAN = '23580535680/411557987';

// name, category, factor, compact set, intl-or-label
type Row = [string, string, string, string, true | string];

const ROWS: Row[] = [
  ['kilometer', 'length', '1000', 'length', true],
  ['meter', 'length', '1', 'length', true],
  ['decimeter', 'length', '0.1', 'length', '{0}dm|{0} dm|{0} decimeter|{0} decimeters'],
  ['centimeter', 'length', '0.01', 'length', true],
  ['millimeter', 'length', '0.001', 'length', true],
  ['micrometer', 'length', '0.000001', 'length', '{0}μm|{0} μm|{0} micrometer|{0} micrometers'],
  ['nanometer', 'length', '0.000000001', 'length', '{0}nm|{0} nm|{0} nanometer|{0} nanometers'],
  ['mile', 'length', '1609.344', 'length', true],
  ['yard', 'length', '0.9144', 'length', true],
  ['foot', 'length', '0.3048', 'length', true],
  ['inch', 'length', '0.0254', 'length', true],
  ['mile-scandinavian', 'length', '10000', 'length', true],
  ['nautical-mile', 'length', '1852', 'length', '{0}nmi|{0} nmi|{0} nautical mile|{0} nautical miles'],
  ['fathom', 'length', '1.8288', 'length', '{0}fth|{0} fth|{0} fathom|{0} fathoms'],
  ['furlong', 'length', '201.168', 'length', '{0}fur|{0} fur|{0} furlong|{0} furlongs'],
  ['point', 'length', '127/360000', 'length', '{0}pt|{0} pt|{0} point|{0} points'],
  [
    'astronomical-unit',
    'length',
    '149597870700',
    'length',
    '{0}au|{0} au|{0} astronomical unit|{0} astronomical units',
  ],
  ['light-year', 'length', '9460730472580800', 'length', '{0}ly|{0} ly|{0} light year|{0} light years'],
  ['parsec', 'length', '30856775814913680', 'length', '{0}pc|{0} pc|{0} parsec|{0} parsecs'],

  ['metric-ton', 'mass', '1000', 'mass', '{0}t|{0} t|{0} metric ton|{0} metric tons'],
  ['kilogram', 'mass', '1', 'mass', true],
  ['gram', 'mass', '0.001', 'mass', true],
  ['milligram', 'mass', '0.000001', 'mass', '{0}mg|{0} mg|{0} milligram|{0} milligrams'],
  ['microgram', 'mass', '0.000000001', 'mass', '{0}μg|{0} μg|{0} microgram|{0} micrograms'],
  ['ton', 'mass', '907.18474', 'mass', '{0}tn|{0} tn|{0} ton|{0} tons'],
  ['stone', 'mass', '6.35029318', 'mass', true],
  ['pound', 'mass', '0.45359237', 'mass', true],
  ['ounce', 'mass', '0.028349523125', 'mass', true],
  ['carat', 'mass', '0.0002', 'mass', '{0}CD|{0} CD|{0} carat|{0} carats'],

  ['century', 'duration', '3155695200', 'duration', '{0}c|{0} c|{0} century|{0} centuries'],
  ['decade', 'duration', '315569520', 'duration', '{0}dec|{0} dec|{0} decade|{0} decades'],
  ['year', 'duration', '31556952', 'duration', true],
  ['month', 'duration', '2629746', 'duration', true],
  ['week', 'duration', '604800', 'duration', true],
  ['day', 'duration', '86400', 'duration', true],
  ['hour', 'duration', '3600', 'duration', true],
  ['minute', 'duration', '60', 'duration', true],
  ['second', 'duration', '1', 'duration', true],
  ['millisecond', 'duration', '0.001', 'duration', true],
  ['microsecond', 'duration', '0.000001', 'duration', true],
  ['nanosecond', 'duration', '0.000000001', 'duration', true],

  ['bit', 'digital', '1', 'bytes', true],
  ['kilobit', 'digital', '1000', 'bytes', true],
  ['megabit', 'digital', '1000000', 'bytes', true],
  ['gigabit', 'digital', '1000000000', 'bytes', true],
  ['terabit', 'digital', '1000000000000', 'bytes', true],
  ['byte', 'digital', '8', 'bytes', true],
  ['kilobyte', 'digital', '8192', 'bytes', true],
  ['megabyte', 'digital', '8388608', 'bytes', true],
  ['gigabyte', 'digital', '8589934592', 'bytes', true],
  ['terabyte', 'digital', '8796093022208', 'bytes', true],
  ['petabyte', 'digital', '9007199254740992', 'bytes', true],

  ['hertz', 'frequency', '1', 'frequency', '{0}Hz|{0} Hz|{0} hertz|{0} hertz'],
  ['kilohertz', 'frequency', '1000', 'frequency', '{0}kHz|{0} kHz|{0} kilohertz|{0} kilohertz'],
  ['megahertz', 'frequency', '1000000', 'frequency', '{0}MHz|{0} MHz|{0} megahertz|{0} megahertz'],
  ['gigahertz', 'frequency', '1000000000', 'frequency', '{0}GHz|{0} GHz|{0} gigahertz|{0} gigahertz'],

  ['kelvin', 'temperature', '1', 'temperature', '{0}K|{0} K|{0} kelvin|{0} kelvins'],
  ['celsius', 'temperature', '1', 'temperature', true],
  ['fahrenheit', 'temperature', '5/9', 'temperature', true],

  ['square-kilometer', 'area', '1000000', 'area', '{0} km²|{0} km²|{0} square kilometer|{0} square kilometers'],
  ['hectare', 'area', '10000', 'area', true],
  ['square-meter', 'area', '1', 'area', '{0}m²|{0} m²|{0} square meter|{0} square meters'],
  ['square-centimeter', 'area', '0.0001', 'area', '{0}cm²|{0} cm²|{0} square centimeter|{0} square centimeters'],
  ['square-mile', 'area', '2589988.110336', 'area', '{0}mi²|{0} mi²|{0} square mile|{0} square miles'],
  ['acre', 'area', '4046.8564224', 'area', true],
  ['square-yard', 'area', '0.83612736', 'area', '{0}yd²|{0} yd²|{0} square yard|{0} square yards'],
  ['square-foot', 'area', '0.09290304', 'area', '{0}ft²|{0} ft²|{0} square foot|{0} square feet'],
  ['square-inch', 'area', '0.00064516', 'area', '{0}in²|{0} in²|{0} square inch|{0} square inches'],

  ['cubic-kilometer', 'volume', '1000000000', 'volume', '{0}km³|{0} km³|{0} cubic kilometer|{0} cubic kilometers'],
  ['cubic-meter', 'volume', '1', 'volume', '{0}m³|{0} m³|{0} cubic meter|{0} cubic meters'],
  ['cubic-centimeter', 'volume', '0.000001', 'volume', '{0}cm³|{0} cm³|{0} cubic centimeter|{0} cubic centimeters'],
  ['cubic-mile', 'volume', '4168181825.440579584', 'volume', '{0}mi³|{0} mi³|{0} cubic mile|{0} cubic miles'],
  ['cubic-yard', 'volume', '0.764554857984', 'volume', '{0}yd³|{0} yd³|{0} cubic yard|{0} cubic yards'],
  ['cubic-foot', 'volume', '0.028316846592', 'volume', '{0}ft³|{0} ft³|{0} cubic foot|{0} cubic feet'],
  ['cubic-inch', 'volume', '0.000016387064', 'volume', '{0}in³|{0} in³|{0} cubic inch|{0} cubic inches'],
  ['megaliter', 'volume', '1000', 'liquid', '{0}ML|{0} ML|{0} megaliter|{0} megaliters'],
  ['hectoliter', 'volume', '0.1', 'liquid', '{0}hL|{0} hL|{0} hectoliter|{0} hectoliters'],
  ['liter', 'volume', '0.001', 'liquid', true],
  ['deciliter', 'volume', '0.0001', 'liquid', '{0}dL|{0} dL|{0} deciliter|{0} deciliters'],
  ['centiliter', 'volume', '0.00001', 'liquid', '{0}cL|{0} cL|{0} centiliter|{0} centiliters'],
  ['milliliter', 'volume', '0.000001', 'liquid', true],
  ['gallon', 'volume', '0.003785411784', 'liquid', true],
  ['quart', 'volume', '0.000946352946', 'liquid', '{0}qt|{0} qt|{0} quart|{0} quarts'],
  ['pint', 'volume', '0.000473176473', 'liquid', '{0}pt|{0} pt|{0} pint|{0} pints'],
  ['cup', 'volume', '0.0002365882365', 'liquid', '{0}c|{0} c|{0} cup|{0} cups'],
  ['fluid-ounce', 'volume', '0.0000295735295625', 'liquid', true],

  ['meter-per-second', 'speed', '1', 'speed', true],
  ['kilometer-per-hour', 'speed', '5/18', 'speed', true],
  ['mile-per-hour', 'speed', '0.44704', 'speed', true],
  ['knot', 'speed', '463/900', 'speed', '{0}kn|{0} kn|{0} knot|{0} knots'],

  ['liter-per-kilometer', 'consumption', '1', 'consumption', true],
  [
    'liter-per-100kilometers',
    'consumption',
    '1/100',
    'consumption',
    '{0}L/100km|{0} L/100km|{0} liter per 100 kilometers|{0} liters per 100 kilometers',
  ],
  ['mile-per-gallon', 'consumption', '3785411784/1609344000', 'consumption', true],

  ['revolution', 'angle', '360', 'angle', '{0}rev|{0} rev|{0} revolution|{0} revolutions'],
  ['degree', 'angle', '1', 'angle', true],
  ['arc-minute', 'angle', '1/60', 'angle', '{0}′|{0} arcmin|{0} arcminute|{0} arcminutes'],
  ['arc-second', 'angle', '1/3600', 'angle', '{0}″|{0} arcsec|{0} arcsecond|{0} arcseconds'],
  ['radian', 'angle', DEGREES_PER_RADIAN, 'angle', '{0}rad|{0} rad|{0} radian|{0} radians'],

  ['ampere', 'electric', '1', 'electric', '{0}A|{0} A|{0} ampere|{0} amperes'],
  ['milliampere', 'electric', '0.001', 'electric', '{0}mA|{0} mA|{0} milliampere|{0} milliamperes'],
  ['volt', 'voltage', '1', 'voltage', '{0}V|{0} V|{0} volt|{0} volts'],
  ['ohm', 'resistance', '1', 'resistance', '{0}Ω|{0} Ω|{0} ohm|{0} ohms'],

  ['kilojoule', 'energy', '1000', 'energy', '{0}kJ|{0} kJ|{0} kilojoule|{0} kilojoules'],
  ['joule', 'energy', '1', 'energy', '{0}J|{0} J|{0} joule|{0} joules'],
  ['kilocalorie', 'energy', '4184', 'energy', '{0}kcal|{0} kcal|{0} kilocalorie|{0} kilocalories'],
  ['calorie', 'energy', '4.184', 'energy', '{0}cal|{0} cal|{0} calorie|{0} calories'],
  ['kilowatt-hour', 'energy', '3600000', 'energy', '{0}kWh|{0} kWh|{0} kilowatt-hour|{0} kilowatt-hours'],

  ['gigawatt', 'power', '1000000000', 'power', '{0}GW|{0} GW|{0} gigawatt|{0} gigawatts'],
  ['megawatt', 'power', '1000000', 'power', '{0}MW|{0} MW|{0} megawatt|{0} megawatts'],
  ['kilowatt', 'power', '1000', 'power', '{0}kW|{0} kW|{0} kilowatt|{0} kilowatts'],
  ['watt', 'power', '1', 'power', '{0}W|{0} W|{0} watt|{0} watts'],
  ['milliwatt', 'power', '0.001', 'power', '{0}mW|{0} mW|{0} milliwatt|{0} milliwatts'],
  ['horsepower', 'power', '745.69987158227022', 'power', '{0}hp|{0} hp|{0} horsepower|{0} horsepower'],
];

export const UNITS: ReadonlyMap<string, UnitDef> = new Map(
  ROWS.map(([name, category, factor, compact, shown]) => [
    name,
    {
      category,
      factor,
      compact,
      ...(shown === true ? { intl: true } : { label: shown }),
      ...(name === 'celsius' ? { offset: '273.15' } : name === 'fahrenheit' ? { offset: '45967/180' } : {}),
      ...(name === 'mile-per-gallon' ? { inverse: true } : {}),
    },
  ]),
);

/** Compact sets, largest unit first: one list, or one per measurement system. */
export const COMPACT: Readonly<
  Record<string, readonly string[] | { us: readonly string[]; metric: readonly string[] }>
> = {
  length: { us: ['mile', 'yard', 'foot', 'inch'], metric: ['kilometer', 'meter', 'centimeter', 'millimeter'] },
  mass: { us: ['ton', 'pound', 'ounce'], metric: ['metric-ton', 'kilogram', 'gram'] },
  duration: ['century', 'year', 'month', 'day', 'hour', 'minute', 'second', 'millisecond', 'microsecond', 'nanosecond'],
  'duration-large': ['century', 'year', 'month', 'day'],
  'duration-small': ['day', 'hour', 'minute', 'second', 'millisecond', 'microsecond', 'nanosecond'],
  bytes: ['terabyte', 'gigabyte', 'megabyte', 'kilobyte', 'byte'],
  bits: ['terabit', 'gigabit', 'megabit', 'kilobit', 'bit'],
  frequency: ['gigahertz', 'megahertz', 'kilohertz', 'hertz'],
  temperature: { us: ['fahrenheit'], metric: ['celsius'] },
  area: {
    us: ['square-mile', 'acre', 'square-foot', 'square-inch'],
    metric: ['square-kilometer', 'hectare', 'square-meter', 'square-centimeter'],
  },
  volume: {
    us: ['cubic-mile', 'cubic-yard', 'cubic-foot', 'cubic-inch'],
    metric: ['cubic-kilometer', 'cubic-meter', 'cubic-centimeter'],
  },
  liquid: {
    us: ['gallon', 'quart', 'pint', 'cup', 'fluid-ounce'],
    metric: ['megaliter', 'hectoliter', 'liter', 'deciliter', 'centiliter', 'milliliter'],
  },
  speed: { us: ['mile-per-hour'], metric: ['kilometer-per-hour'] },
  consumption: { us: ['mile-per-gallon'], metric: ['liter-per-100kilometers'] },
  angle: ['degree', 'arc-minute', 'arc-second'],
  electric: ['ampere', 'milliampere'],
  energy: ['kilojoule', 'joule'],
  power: ['gigawatt', 'megawatt', 'kilowatt', 'watt', 'milliwatt'],
  voltage: ['volt'],
  resistance: ['ohm'],
};

const ALIASES: Readonly<Record<string, string>> = {
  feet: 'foot',
  inches: 'inch',
  centuries: 'century',
  amp: 'ampere',
  milliamp: 'milliampere',
  'liter-per-100-kilometers': 'liter-per-100kilometers',
};

/** The unit a name means: its canonical name, also for plurals ("kilograms", "feet", "amps"). */
export function unitName(name: string): string | undefined {
  const lower = name.trim().toLowerCase();
  for (const candidate of [lower, lower.replace(/s(?=-per-|$)/, ''), lower.replace(/s$/, '')]) {
    if (UNITS.has(candidate)) return candidate;
    const alias = Object.hasOwn(ALIASES, candidate) ? ALIASES[candidate] : undefined;
    if (alias) return alias;
  }
  return undefined;
}
