//! The learner: one logistic regression per event kind over hashed binary features, trained
//! with AdaGrad and an L2 penalty. Small on purpose: sparse binary features need no framework,
//! and every step is in a fixed order, so the same examples give the same weights, bit for bit,
//! with any thread count (on another platform `f32::exp` may round differently in its last bit,
//! which the weights' three decimals nearly always absorb).

use super::LABELS;

/// One training example: the hashed features of a sentence (each once) and its gold labels, bit
/// `k` for [`crate::EventKind::ALL`]`[k]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Example {
    /// Feature buckets, sorted, each once.
    pub features: Vec<u32>,
    /// Gold labels as bits.
    pub labels: u8,
}

/// How to train.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    /// Passes over the examples.
    pub epochs: usize,
    /// AdaGrad's base step.
    pub step: f32,
    /// The L2 penalty, applied to a weight each time its feature is seen.
    pub l2: f32,
    /// Seed of the order in which each pass visits the examples.
    pub seed: u64,
}

impl Default for Settings {
    /// The settings of the shipped model, chosen by cross-validation on train-synthetic alone.
    fn default() -> Settings {
        Settings {
            epochs: 12,
            step: 0.3,
            l2: 1e-4,
            seed: 0x6b61_6d70,
        }
    }
}

/// The weights of the per-label classifiers: `weights[bucket * LABELS + k]`, and a bias per
/// label.
#[derive(Debug, Clone, PartialEq)]
pub struct Weights {
    /// Number of feature buckets.
    pub buckets: usize,
    /// Bucket-major weights.
    pub weights: Vec<f32>,
    /// One bias per label.
    pub bias: [f32; LABELS],
}

impl Weights {
    /// All zero.
    pub fn zero(buckets: usize) -> Weights {
        Weights {
            buckets,
            weights: vec![0.0; buckets * LABELS],
            bias: [0.0; LABELS],
        }
    }

    /// The probability of each label for a set of features.
    pub fn probabilities(&self, features: &[u32]) -> [f32; LABELS] {
        let mut z = self.bias;
        for &f in features {
            let row = &self.weights[f as usize * LABELS..][..LABELS];
            for k in 0..LABELS {
                z[k] += row[k];
            }
        }
        z.map(sigmoid)
    }

    /// Rounds every weight to `decimals` places: what the model file keeps, so that a model
    /// read back scores exactly as the one trained.
    pub fn round(&mut self, decimals: i32) {
        let scale = 10f32.powi(decimals);
        let round = |w: &mut f32| *w = (*w * scale).round() / scale;
        self.weights.iter_mut().for_each(round);
        self.bias.iter_mut().for_each(round);
    }
}

fn sigmoid(z: f32) -> f32 {
    1.0 / (1.0 + (-z).exp())
}

/// Trains the classifiers of every label on the examples.
pub fn train(examples: &[Example], buckets: usize, settings: Settings) -> Weights {
    let mut model = Weights::zero(buckets);
    // AdaGrad's sums of squared gradients, per weight and per bias.
    let mut squares = vec![1e-6f32; buckets * LABELS];
    let mut bias_squares = [1e-6f32; LABELS];
    let mut order: Vec<usize> = (0..examples.len()).collect();
    let mut random = SplitMix(settings.seed);
    for _ in 0..settings.epochs {
        shuffle(&mut order, &mut random);
        for &index in &order {
            let example = &examples[index];
            let features = &example.features;
            let p = model.probabilities(features);
            for k in 0..LABELS {
                let gold = f32::from(example.labels >> k & 1);
                let gradient = p[k] - gold;
                bias_squares[k] += gradient * gradient;
                model.bias[k] -= settings.step * gradient / bias_squares[k].sqrt();
                for &f in features {
                    let at = f as usize * LABELS + k;
                    let g = gradient + settings.l2 * model.weights[at];
                    squares[at] += g * g;
                    model.weights[at] -= settings.step * g / squares[at].sqrt();
                }
            }
        }
    }
    model
}

/// A small fixed pseudo-random sequence (SplitMix64), so that training needs no random-number
/// crate and gives the same order everywhere.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// Fisher-Yates with the sequence above.
fn shuffle(order: &mut [usize], random: &mut SplitMix) {
    for i in (1..order.len()).rev() {
        let j = (random.next() % (i as u64 + 1)) as usize;
        order.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example(features: &[u32], labels: u8) -> Example {
        Example {
            features: features.to_vec(),
            labels,
        }
    }

    /// Feature 1 means goal, feature 2 chance, feature 3 both; 0 is noise.
    fn examples() -> Vec<Example> {
        (0..40)
            .flat_map(|_| {
                [
                    example(&[0, 1], 0b01),
                    example(&[0, 2], 0b10),
                    example(&[1, 3], 0b11),
                    example(&[0], 0),
                ]
            })
            .collect()
    }

    #[test]
    fn it_learns_separable_labels() {
        let model = train(&examples(), 8, Settings::default());
        let p = model.probabilities(&[0, 1]);
        assert!(p[0] > 0.9 && p[1] < 0.1, "{p:?}");
        let p = model.probabilities(&[0, 2]);
        assert!(p[0] < 0.1 && p[1] > 0.9, "{p:?}");
        let p = model.probabilities(&[0]);
        assert!(p.iter().all(|&x| x < 0.1), "{p:?}");
    }

    #[test]
    fn training_is_deterministic_and_the_seed_matters_only_for_order() {
        let a = train(&examples(), 8, Settings::default());
        let b = train(&examples(), 8, Settings::default());
        assert_eq!(a, b);
        let other_seed = Settings {
            seed: 7,
            ..Settings::default()
        };
        assert_ne!(a, train(&examples(), 8, other_seed));
    }

    #[test]
    fn rounding_keeps_the_weights_a_file_can_hold() {
        let mut model = Weights::zero(2);
        model.weights[0] = 0.123_456;
        model.round(3);
        assert!((model.weights[0] - 0.123).abs() < 1e-7);
    }
}
