//! The learned judge's network: a small fully convolutional residual net
//! (3x3 convolutions, ReLU, a 1x1 head to an ownership per point, tanh),
//! run by a few loops of our own. Why not candle, tract or ort: the net is
//! about fifteen million multiply-adds, which plain loops over contiguous
//! rows do in a few milliseconds; those crates bring large dependency
//! trees (ort a C++ runtime), and the loops here stay deterministic (one
//! order of summation, no fused multiply-add, no threads), so every
//! machine gives the same answer to the bit.

/// The weights file: `KIFUNET1`, then little-endian u32s (planes,
/// channels, blocks, how many board sizes it was trained on, those
/// sizes), then little-endian f32s: the stem's 3x3 weights
/// `[channels][planes][3][3]` and biases, each block's two 3x3 convolutions
/// `[channels][channels][3][3]` with biases, the head's 1x1 weights
/// `[channels]` and its bias. train/train.py writes it.
#[derive(Debug, Clone)]
pub struct Net {
    planes: usize,
    channels: usize,
    stem: Conv,
    blocks: Vec<(Conv, Conv)>,
    head_w: Vec<f32>,
    head_b: f32,
    /// The board sizes in its training data.
    pub sizes: Vec<u8>,
}

#[derive(Debug, Clone)]
struct Conv {
    cin: usize,
    cout: usize,
    /// [cout][cin][3][3]
    w: Vec<f32>,
    b: Vec<f32>,
}

/// Reads little-endian numbers off the front of a byte slice.
struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn take4(&mut self) -> Result<[u8; 4], String> {
        let (head, rest) = self
            .0
            .split_first_chunk::<4>()
            .ok_or("the weights end too early")?;
        self.0 = rest;
        Ok(*head)
    }
    fn u32(&mut self) -> Result<usize, String> {
        Ok(u32::from_le_bytes(self.take4()?) as usize)
    }
    fn f32s(&mut self, n: usize) -> Result<Vec<f32>, String> {
        (0..n)
            .map(|_| {
                let v = f32::from_le_bytes(self.take4()?);
                if v.is_finite() {
                    Ok(v)
                } else {
                    Err("a weight is not a finite number".to_string())
                }
            })
            .collect()
    }
    fn conv(&mut self, cin: usize, cout: usize) -> Result<Conv, String> {
        Ok(Conv {
            cin,
            cout,
            w: self.f32s(cout * cin * 9)?,
            b: self.f32s(cout)?,
        })
    }
}

impl Net {
    /// Reads a weights file (see the type's documentation).
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, String> {
        let rest = bytes
            .strip_prefix(b"KIFUNET1")
            .ok_or("not a kifu weights file")?;
        let mut r = Reader(rest);
        let (planes, channels, blocks) = (r.u32()?, r.u32()?, r.u32()?);
        if planes == 0 || channels == 0 || channels > 256 || blocks > 64 {
            return Err(format!(
                "implausible shape: {planes} planes, {channels} channels, {blocks} blocks"
            ));
        }
        let count = r.u32()?.min(32);
        let sizes = (0..count)
            .map(|_| r.u32().map(|s| u8::try_from(s).unwrap_or(0)))
            .collect::<Result<Vec<u8>, String>>()?;
        let stem = r.conv(planes, channels)?;
        let blocks = (0..blocks)
            .map(|_| Ok((r.conv(channels, channels)?, r.conv(channels, channels)?)))
            .collect::<Result<Vec<_>, String>>()?;
        let head_w = r.f32s(channels)?;
        let head_b = r.f32s(1)?[0];
        if !r.0.is_empty() {
            return Err(format!("{} bytes left over after the weights", r.0.len()));
        }
        Ok(Net {
            planes,
            channels,
            stem,
            blocks,
            head_w,
            head_b,
            sizes,
        })
    }

    /// The number of input planes it takes.
    pub fn planes(&self) -> usize {
        self.planes
    }

    /// Ownership per point (row by row from the top left, Black positive,
    /// -1 to 1) from `input`: `planes` planes of n x n, channel-major.
    pub fn ownership(&self, input: &[u8], n: usize) -> Vec<f64> {
        // Each plane is kept with a border of zeros, (n+2)^2, so a 3x3
        // convolution is nine shifted sums over one contiguous run.
        let pad = n + 2;
        let len = pad * pad;
        let mut x = vec![0f32; self.planes * len + LANES];
        for c in 0..self.planes {
            for y in 0..n {
                for col in 0..n {
                    let v = input.get(c * n * n + y * n + col).copied().unwrap_or(0);
                    x[c * len + (y + 1) * pad + col + 1] = f32::from(v);
                }
            }
        }
        // The on-board mask (plane 0) zeroes the border after each layer.
        let mask: Vec<f32> = x[..len].to_vec();
        let room = self.channels * len + LANES;
        let mut h = vec![0f32; room];
        self.stem.apply(&x, &mut h, pad, &mask, None);
        let mut t = vec![0f32; room];
        let mut u = vec![0f32; room];
        for (c1, c2) in &self.blocks {
            c1.apply(&h, &mut t, pad, &mask, None);
            c2.apply(&t, &mut u, pad, &mask, Some(&h));
            std::mem::swap(&mut h, &mut u);
        }
        let mut out = Vec::with_capacity(n * n);
        for y in 0..n {
            for col in 0..n {
                let i = (y + 1) * pad + col + 1;
                let mut s = self.head_b;
                for (c, w) in self.head_w.iter().enumerate() {
                    s += w * h[c * len + i];
                }
                out.push(f64::from(s.tanh()));
            }
        }
        out
    }
}

/// Points computed together: their sums stay in registers (four SSE or
/// two AVX vectors) while the input channels and taps go by.
const LANES: usize = 16;

impl Conv {
    /// out = relu(conv(x) + b (+ skip)), border zeroed by `mask`. `x`
    /// holds `cin` planes of `pad * pad` and at least `LANES` more values
    /// (the last chunk of a plane reads past its end; those sums fall on
    /// the border and are masked).
    fn apply(&self, x: &[f32], out: &mut [f32], pad: usize, mask: &[f32], skip: Option<&[f32]>) {
        let len = pad * pad;
        // Output channels two at a time: each input value read feeds both
        // sums (the reads, not the arithmetic, were the cost: 15% faster;
        // three or four at a time, with fewer lanes, were slower). Every
        // sum still adds its terms in one order: the same bits as one
        // channel at a time.
        let mut oc = 0;
        while oc < self.cout {
            let pair = (self.cout - oc).min(2);
            let (o, _) = out[oc * len..].split_at_mut(pair * len);
            self.sums(x, o, pad, oc, pair);
            for (k, o) in o.chunks_exact_mut(len).enumerate() {
                match skip {
                    Some(s) => {
                        let s = &s[(oc + k) * len..(oc + k + 1) * len];
                        for ((d, m), k) in o.iter_mut().zip(mask).zip(s) {
                            *d = (*d + k).max(0.0) * m;
                        }
                    }
                    None => {
                        for (d, m) in o.iter_mut().zip(mask) {
                            *d = d.max(0.0) * m;
                        }
                    }
                }
            }
            oc += pair;
        }
    }

    /// The biased sums of output channels `oc..oc + pair` (one or two)
    /// into `o` (`pair` planes), before ReLU and mask.
    fn sums(&self, x: &[f32], o: &mut [f32], pad: usize, oc: usize, pair: usize) {
        let len = pad * pad;
        // The run of points whose nine neighbours are all in the plane.
        let (start, end) = (pad + 1, len - pad - 1);
        // Where each of the nine taps reads, relative to the point.
        let taps: [usize; 9] = std::array::from_fn(|k| (k / 3) * pad + (k % 3));
        let span = self.cin * 9;
        let w0 = &self.w[oc * span..(oc + 1) * span];
        // A lone last channel runs with itself as its partner, unused.
        let w1 = &self.w[(oc + pair - 1) * span..(oc + pair) * span];
        o.fill(0.0);
        let mut at = start;
        while at < end {
            let mut acc0 = [self.b[oc]; LANES];
            let mut acc1 = [self.b[oc + pair - 1]; LANES];
            for (ic, (wk0, wk1)) in w0.chunks_exact(9).zip(w1.chunks_exact(9)).enumerate() {
                // The point at - pad - 1 is the top-left tap of `at`.
                let base = ic * len + at - pad - 1;
                for ((&v0, &v1), &t) in wk0.iter().zip(wk1).zip(&taps) {
                    // A fixed-size run: the sums stay in registers.
                    let Some(src) = x
                        .get(base + t..base + t + LANES)
                        .and_then(|s| <&[f32; LANES]>::try_from(s).ok())
                    else {
                        continue;
                    };
                    for l in 0..LANES {
                        acc0[l] += v0 * src[l];
                        acc1[l] += v1 * src[l];
                    }
                }
            }
            let n = LANES.min(end - at);
            o[at..at + n].copy_from_slice(&acc0[..n]);
            if pair == 2 {
                o[len + at..len + at + n].copy_from_slice(&acc1[..n]);
            }
            at += LANES;
        }
    }
}
