//! Pre-drawn pieces and empty boards, kept between images: a piece look (label, colours,
//! size, direction) or an empty board (style, view, coordinates) is painted once with
//! anti-aliased paths and then copied, which is most of what makes an image fast.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex};

use tiny_skia::Pixmap;

/// A bounded map from a look to its painted image, shared by all threads.
pub struct Cache<K> {
    map: Mutex<HashMap<K, Arc<Pixmap>>>,
    /// When the map grows past this many entries it starts again empty; the looks in use
    /// by live games are few, so this only bounds memory against unusual scenes.
    limit: usize,
}

impl<K: Hash + Eq + Clone> Cache<K> {
    pub fn new(limit: usize) -> Cache<K> {
        Cache {
            map: Mutex::new(HashMap::new()),
            limit,
        }
    }

    /// The image for `key`, painted by `paint` on first use (outside the lock, so two
    /// threads may both paint a new look once; both results are the same).
    pub fn get_or_paint(&self, key: &K, paint: impl FnOnce() -> Pixmap) -> Arc<Pixmap> {
        if let Some(found) = self.lock().get(key) {
            return Arc::clone(found);
        }
        let painted = Arc::new(paint());
        let mut map = self.lock();
        if map.len() >= self.limit {
            map.clear();
        }
        map.insert(key.clone(), Arc::clone(&painted));
        painted
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<K, Arc<Pixmap>>> {
        // A panic while holding the lock leaves a valid map behind: keep using it.
        self.map
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// Draws `src` over `dst` with its top left corner at (`x`, `y`), clipped to `dst`
/// (source-over on premultiplied RGBA).
pub fn blit(dst: &mut Pixmap, src: &Pixmap, x: i32, y: i32) {
    let (dw, dh) = (dst.width() as i32, dst.height() as i32);
    let (sw, sh) = (src.width() as i32, src.height() as i32);
    let (x0, y0) = (x.max(0), y.max(0));
    let (x1, y1) = ((x + sw).min(dw), (y + sh).min(dh));
    if x0 >= x1 || y0 >= y1 {
        return;
    }
    let row_bytes = ((x1 - x0) * 4) as usize;
    let src_data = src.data();
    let dst_data = dst.data_mut();
    for row in y0..y1 {
        let s_start = (((row - y) * sw + (x0 - x)) * 4) as usize;
        let d_start = ((row * dw + x0) * 4) as usize;
        let s = &src_data[s_start..s_start + row_bytes];
        let d = &mut dst_data[d_start..d_start + row_bytes];
        for (sp, dp) in s.chunks_exact(4).zip(d.chunks_exact_mut(4)) {
            match sp[3] {
                0 => {}
                255 => dp.copy_from_slice(sp),
                alpha => {
                    let keep = 255 - u16::from(alpha);
                    for i in 0..4 {
                        dp[i] = sp[i].saturating_add(div255(u16::from(dp[i]) * keep));
                    }
                }
            }
        }
    }
}

/// `v / 255`, rounded, for `v` up to 255 * 255.
#[inline]
fn div255(v: u16) -> u8 {
    let v = u32::from(v) + 128;
    ((v + (v >> 8)) >> 8) as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiny_skia::Color;

    #[test]
    fn blit_blends_and_clips() {
        let mut dst = Pixmap::new(4, 4).expect("pixmap");
        dst.fill(Color::from_rgba8(200, 100, 0, 255));
        let mut src = Pixmap::new(2, 2).expect("pixmap");
        src.fill(Color::from_rgba8(0, 0, 255, 128));
        blit(&mut dst, &src, 3, -1);
        // Only the pixel (3, 0) is covered: half blue over orange.
        let px = dst.pixel(3, 0).expect("pixel");
        assert_eq!(
            (px.red(), px.green(), px.blue(), px.alpha()),
            (100, 50, 128, 255)
        );
        let untouched = dst.pixel(2, 0).expect("pixel");
        assert_eq!((untouched.red(), untouched.blue()), (200, 0));
        let below = dst.pixel(3, 1).expect("pixel");
        assert_eq!(below.blue(), 0);
        blit(&mut dst, &src, 10, 10);
        blit(&mut dst, &src, -5, 0);
    }

    #[test]
    fn div255_rounds() {
        for v in 0..=255u16 * 255 {
            assert_eq!(
                u16::from(div255(v)),
                (f32::from(v) / 255.0).round() as u16,
                "{v}"
            );
        }
    }

    #[test]
    fn cache_paints_once_and_stays_bounded() {
        let cache: Cache<u32> = Cache::new(2);
        let mut painted = 0;
        for key in [1, 1, 2, 1, 3, 3] {
            cache.get_or_paint(&key, || {
                painted += 1;
                Pixmap::new(1, 1).expect("pixmap")
            });
        }
        // 1, 2 painted; 3 clears the full map and is painted; its repeat is found.
        assert_eq!(painted, 3);
        assert!(cache.lock().len() <= 2);
    }
}
