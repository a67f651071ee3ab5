/** The carrier's brand, shown in the header and as the suffix of every page title. Not translated. */
export const BRAND_NAME = 'Nisko Bus';

/** The first year of operation, the start of the footer's copyright range. */
export const COPYRIGHT_START_YEAR = 2022;
