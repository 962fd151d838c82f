// Names for demo sellers. Private sellers get a person's name; dealers a business name built from
// a local-sounding word and a trade word. Kept as text so the lists stay readable.

const words = (text: string) => text.trim().split(/\s+/);

export const FIRST_NAMES = words(`
  James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard
  Susan Joseph Jessica Thomas Sarah Carlos Karen Daniel Lisa Matthew Nancy Anthony Sandra Mark
  Ashley Jose Emily Steven Michelle Andrew Amanda Kevin Melissa Brian Stephanie Luis Rebecca Jason
  Laura Ryan Maria Jacob Angela Eric Nicole Tyler Samantha Kenji Priya Andre Keisha Minh Fatima
  Diego Aaliyah Wei Olivia`);

export const LAST_NAMES = words(`
  Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez
  Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris
  Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill
  Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Patel Kim Chen
  Washington Murphy Reyes Brooks Price Bennett Wood`);

// Separated by '|' because the names have spaces.
export const DEALER_WORDS = `Lone Star | Sunrise | Main Street | Budget | Premier | Valley | Eagle |
  Liberty | Family | Discount | Highway | Riverside | Pioneer | Summit | Golden State | Heartland |
  Coastal | Metro | Bluebonnet | Cornerstone | Freedom | Prairie | Lakeside | Mountain View`
  .split('|')
  .map((word) => word.trim());

export const DEALER_TRADES = ['Auto Sales', 'Motors', 'Auto Group', 'Used Cars', 'Car Company', 'Autoplex'];
