// The demo's words in Vietnamese and English: t(key, ...args) in the
// chosen language, category(slugs) for a place's categories (never a raw
// slug), and apply(root) for the elements marked data-i18n (text),
// data-i18n-ph (placeholder), data-i18n-title (title and aria-label).

const words = {
  vi: {
    title: "bando — bản đồ offline", structure: "cấu trúc mới (34 tỉnh)", search: "Tìm kiếm", route: "Chỉ đường",
    trip: "Lộ trình", offline: "Offline", searchPh: "Tìm địa điểm, địa chỉ… (pho hue, ho guom)",
    clickHint: "Chạm vào bản đồ: địa chỉ và forcode của điểm đó.", noResults: "Không tìm thấy “{0}”.",
    noResultsHint: "Thử viết không dấu, bớt một từ, hoặc di chuyển bản đồ tới nơi cần tìm.",
    close: "Đóng", back: "Quay lại", pointPicked: "Điểm đã chọn", from: "Đi từ đây", to: "Đến đây", addTrip: "+ Lộ trình",
    addDest: "+ Thêm điểm đến", swap: "Đảo chiều", clear: "Xoá", alts: "tuyến khác", vehicle: "Phương tiện",
    routeHint: "Chạm bản đồ hoặc gõ tên để chọn điểm đi và điểm đến.", origin: "Điểm đi", dest: "Điểm đến",
    destN: "Điểm đến {0}", removePoint: "Bỏ điểm này", routing: "Đang tìm đường…",
    noRoad: "Không có đường nào gần điểm {0} (trong 1 km).", noRoute: "Không tìm được đường ({0}).",
    addStop: "+ Thêm điểm dừng", roundtrip: "quay về điểm đầu", optimize: "Tối ưu thứ tự",
    tripHint: "Chạm bản đồ để thêm điểm dừng (2–50). Điểm đầu và điểm cuối giữ nguyên, các điểm giữa được sắp xếp để tổng thời gian ngắn nhất.",
    start: "Điểm xuất phát", stop: "Điểm dừng {0}", needTwo: "Cần ít nhất 2 điểm.", optimizing: "Đang tối ưu…",
    legs: "{0} chặng", toll: "có trạm thu phí", ferry: "có phà", order: "Thứ tự: ", instructions: "{0} chỉ dẫn",
    province: "Tỉnh / thành phố", download: "Tải để dùng offline", cancel: "Huỷ", downloaded: "Đã tải",
    update: "Cập nhật", delete: "Xoá", noneDownloaded: "Chưa tải tỉnh nào.",
    offlineHint: "Sau khi tải, tắt mạng: bản đồ, tìm kiếm, địa chỉ, chỉ đường và lộ trình vẫn chạy trong trình duyệt.",
    sizeBefore: "Cần tải {0} ({1} tệp); đã có {2}.", granted: "Trình duyệt cho phép {0}, đang dùng {1}.",
    notEnough: "Không đủ chỗ: cần {0}, còn {1}.", progress: "{0}/{1} tệp · {2}", cancelled: "Đã huỷ (tải lại để tiếp tục)",
    stored: "Đã lưu: {0} tệp, {1}", removed: "đã xoá {0} tệp", notCached: "Chưa tải dữ liệu vùng này (offline).",
    engine: "{0} · dữ liệu {1} · khởi động {2} ms", language: "Ngôn ngữ", endpoints: "Endpoint: ",
    sheet: "Kéo để mở rộng", minutes: "{0} phút", hours: "{0} giờ {1} phút", installed: "Ứng dụng dùng được khi không có mạng.",
  },
  en: {
    title: "bando — offline map", structure: "new structure (34 provinces)", search: "Search", route: "Directions",
    trip: "Trip", offline: "Offline", searchPh: "Search places, addresses… (pho hue, ho guom)",
    clickHint: "Tap the map: the address and forcode of that point.", noResults: "No results for “{0}”.",
    noResultsHint: "Try without accents, drop a word, or move the map to where you are looking.",
    close: "Close", back: "Back", pointPicked: "Selected point", from: "From here", to: "To here", addTrip: "+ Trip",
    addDest: "+ Add destination", swap: "Reverse", clear: "Clear", alts: "alternatives", vehicle: "Vehicle",
    routeHint: "Tap the map or type a name to choose the start and the destination.", origin: "Start",
    dest: "Destination", destN: "Destination {0}", removePoint: "Remove this point", routing: "Finding a route…",
    noRoad: "No road near point {0} (within 1 km).", noRoute: "No route found ({0}).",
    addStop: "+ Add stop", roundtrip: "back to the start", optimize: "Optimize the order",
    tripHint: "Tap the map to add stops (2–50). The first and last stay; the stops between are ordered for the shortest total time.",
    start: "Start", stop: "Stop {0}", needTwo: "At least 2 points are needed.", optimizing: "Optimizing…",
    legs: "{0} legs", toll: "tolls", ferry: "ferry", order: "Order: ", instructions: "{0} instructions",
    province: "Province / city", download: "Download for offline use", cancel: "Cancel", downloaded: "Downloaded",
    update: "Update", delete: "Delete", noneDownloaded: "No province downloaded yet.",
    offlineHint: "After downloading, cut the network: the map, search, addresses, directions and trips still run in the browser.",
    sizeBefore: "To download: {0} ({1} files); already here: {2}.", granted: "The browser grants {0}, {1} in use.",
    notEnough: "Not enough space: {0} needed, {1} free.", progress: "{0}/{1} files · {2}", cancelled: "Cancelled (download again to resume)",
    stored: "Stored: {0} files, {1}", removed: "{0} files removed", notCached: "This area is not downloaded (offline).",
    engine: "{0} · data {1} · started in {2} ms", language: "Language", endpoints: "Endpoints: ",
    sheet: "Drag to expand", minutes: "{0} min", hours: "{0} h {1} min", installed: "The app works without a network.",
  },
};

// Category slugs (core/geocode/CATEGORIES.md, street and place classes) → [vi, en].
const categories = {
  restaurant: ["Nhà hàng", "Restaurant"], cafe: ["Quán cà phê", "Café"], fast_food: ["Đồ ăn nhanh", "Fast food"],
  bar: ["Quán bar", "Bar"], pub: ["Quán rượu", "Pub"], ice_cream: ["Kem", "Ice cream"], food_court: ["Khu ẩm thực", "Food court"],
  atm: ["ATM", "ATM"], bank: ["Ngân hàng", "Bank"], bureau_de_change: ["Đổi tiền", "Currency exchange"],
  fuel: ["Cây xăng", "Fuel station"], parking: ["Bãi đỗ xe", "Parking"], hospital: ["Bệnh viện", "Hospital"],
  clinic: ["Phòng khám", "Clinic"], doctors: ["Bác sĩ", "Doctor"], pharmacy: ["Nhà thuốc", "Pharmacy"],
  dentist: ["Nha khoa", "Dentist"], school: ["Trường học", "School"], university: ["Trường đại học", "University"],
  college: ["Trường cao đẳng", "College"], kindergarten: ["Trường mầm non", "Kindergarten"], library: ["Thư viện", "Library"],
  bus_station: ["Bến xe buýt", "Bus station"], bus_stop: ["Điểm dừng xe buýt", "Bus stop"], marketplace: ["Chợ", "Market"],
  supermarket: ["Siêu thị", "Supermarket"], convenience: ["Cửa hàng tiện lợi", "Convenience store"], mall: ["Trung tâm thương mại", "Mall"],
  department_store: ["Cửa hàng bách hoá", "Department store"], clothes: ["Quần áo", "Clothes"], shoes: ["Giày dép", "Shoes"],
  bakery: ["Tiệm bánh", "Bakery"], hairdresser: ["Cắt tóc", "Hairdresser"], beauty: ["Làm đẹp", "Beauty"],
  travel_agency: ["Đại lý du lịch", "Travel agency"], gift: ["Quà lưu niệm", "Gifts"], books: ["Hiệu sách", "Books"],
  mobile_phone: ["Điện thoại", "Mobile phones"], motorcycle: ["Xe máy", "Motorcycles"], bicycle: ["Xe đạp", "Bicycles"],
  hotel: ["Khách sạn", "Hotel"], hostel: ["Nhà nghỉ tập thể", "Hostel"], guest_house: ["Nhà nghỉ", "Guest house"],
  motel: ["Nhà nghỉ", "Motel"], apartment: ["Căn hộ", "Apartment"], museum: ["Bảo tàng", "Museum"],
  attraction: ["Điểm tham quan", "Attraction"], artwork: ["Tác phẩm nghệ thuật", "Artwork"], viewpoint: ["Điểm ngắm cảnh", "Viewpoint"],
  information: ["Thông tin du lịch", "Tourist information"], place_of_worship: ["Nơi thờ tự", "Place of worship"],
  police: ["Công an", "Police"], post_office: ["Bưu điện", "Post office"], toilets: ["Nhà vệ sinh", "Toilets"],
  theatre: ["Nhà hát", "Theatre"], cinema: ["Rạp chiếu phim", "Cinema"], park: ["Công viên", "Park"], garden: ["Vườn", "Garden"],
  townhall: ["Trụ sở UBND", "Town hall"], community_centre: ["Nhà văn hoá", "Community centre"], monument: ["Tượng đài", "Monument"],
  memorial: ["Đài tưởng niệm", "Memorial"], temple: ["Đền", "Temple"], pagoda: ["Chùa", "Pagoda"], building: ["Toà nhà", "Building"],
  office: ["Văn phòng", "Office"], company: ["Công ty", "Company"], government: ["Cơ quan nhà nước", "Government office"],
  sports_centre: ["Trung tâm thể thao", "Sports centre"], stadium: ["Sân vận động", "Stadium"], pitch: ["Sân thể thao", "Pitch"],
  station: ["Nhà ga", "Station"], aerodrome: ["Sân bay", "Airport"], embassy: ["Đại sứ quán", "Embassy"],
  street: ["Đường phố", "Street"], motorway: ["Đường cao tốc", "Motorway"], trunk: ["Quốc lộ", "Trunk road"],
  primary: ["Đường chính", "Primary road"], secondary: ["Đường cấp 2", "Secondary road"], tertiary: ["Đường cấp 3", "Tertiary road"],
  residential: ["Đường khu dân cư", "Residential street"], unclassified: ["Đường nhỏ", "Minor road"], service: ["Đường nội bộ", "Service road"],
  living_street: ["Ngõ", "Living street"], pedestrian: ["Phố đi bộ", "Pedestrian street"], footway: ["Lối đi bộ", "Footway"],
  city: ["Thành phố", "City"], town: ["Thị xã", "Town"], suburb: ["Quận / phường", "Suburb"], quarter: ["Khu phố", "Quarter"],
  neighbourhood: ["Khu dân cư", "Neighbourhood"], village: ["Làng / xã", "Village"], hamlet: ["Thôn / xóm", "Hamlet"],
  address: ["Địa chỉ", "Address"], venue: ["Địa điểm", "Place"], locality: ["Địa phương", "Locality"], region: ["Tỉnh / thành phố", "Province"],
  county: ["Quận / huyện", "District"], ward: ["Phường / xã", "Ward"], province: ["Tỉnh / thành phố", "Province"], district: ["Quận / huyện", "District"],
};

let lang = localStorage.getItem("bando.lang") === "en" ? "en" : "vi";

export const language = () => lang;
export function setLanguage(l) {
  lang = l === "en" ? "en" : "vi";
  localStorage.setItem("bando.lang", lang);
  document.documentElement.lang = lang;
}

/** The text of key in the chosen language, {0}, {1}, … replaced by args. */
export function t(key, ...args) {
  const s = words[lang][key] ?? words.vi[key] ?? key;
  return s.replace(/\{(\d)\}/g, (_, i) => String(args[+i] ?? ""));
}

/** A place's category slugs as words of the chosen language (unknown slugs: the generic word, once). */
export function category(slugs) {
  const i = lang === "en" ? 1 : 0, out = [];
  for (const s of [slugs ?? []].flat().flatMap((x) => String(x).split(/\s*,\s*/))) {
    let w = categories[s]?.[i];
    if (!w && s.endsWith("_restaurant")) w = categories.restaurant[i];
    if (!w) w = categories.venue[i];
    if (!out.includes(w)) out.push(w);
  }
  // the generic word only when nothing better is known
  return (out.length > 1 ? out.filter((w) => w !== categories.venue[i]) : out).join(", ");
}

/** Translate the marked elements under root. */
export function apply(root = document) {
  document.title = t("title");
  for (const e of root.querySelectorAll("[data-i18n]")) e.textContent = t(e.dataset.i18n);
  for (const e of root.querySelectorAll("[data-i18n-ph]")) e.placeholder = t(e.dataset.i18nPh);
  for (const e of root.querySelectorAll("[data-i18n-title]")) { e.title = t(e.dataset.i18nTitle); e.setAttribute("aria-label", e.title); }
}

/** Bytes as MB/GB text. */
export function bytes(n) {
  if (n == null) return "?";
  const loc = lang === "en" ? "en-US" : "vi-VN";
  if (n >= 1e9) return `${(n / 1e9).toLocaleString(loc, { maximumFractionDigits: 1 })} GB`;
  if (n >= 1e6) return `${(n / 1e6).toLocaleString(loc, { maximumFractionDigits: 1 })} MB`;
  return `${Math.round(n / 1e3).toLocaleString(loc)} kB`;
}

/** A count in the chosen language's digits grouping. */
export const num = (n) => Number(n).toLocaleString(lang === "en" ? "en-US" : "vi-VN");
