export const home = {
  title: 'Choose a venue',
  intro: 'Choose where you would like to book an activity.',
  selected: 'Your venue',
  choose: 'Choose',
  chooseVenue: 'Choose {{name}}',
  details: 'Venue details',
  detailsFor: 'Venue details for {{name}}',
  noVenues: 'There are no venues to book at the moment.',
  centre: {
    address: 'Address',
    openingTimes: 'Opening times',
    day: 'Day',
    hours: 'Hours',
    closed: 'Closed',
    bookHere: 'Book an activity here',
  },
} as const;
