//! Capability detection, image sizes, encodings, fallbacks and the Image component against
//! pi-tui's own answers (`vectors/image.json`, from `gen/image_vectors.mjs`).

#[cfg(test)]
mod parity {
    use std::sync::Arc;

    use serde_json::Value;
    use tau_tui::image::{
        detect, encode_iterm2, encode_kitty, image_cell_size, image_dimensions, image_fallback,
        Capabilities, CellDimensions, Image, ImageDimensions, ImageOptions, ImageProtocol,
        Iterm2Options, KittyOptions,
    };
    use tau_tui::Component;

    fn vectors() -> Value {
        serde_json::from_str(include_str!("vectors/image.json")).expect("image.json is JSON")
    }

    fn protocol(v: &Value) -> Option<ImageProtocol> {
        match v.as_str() {
            Some("kitty") => Some(ImageProtocol::Kitty),
            Some("iterm2") => Some(ImageProtocol::Iterm2),
            _ => None,
        }
    }

    fn dims(v: &Value) -> Option<ImageDimensions> {
        v.is_object().then(|| ImageDimensions {
            width_px: v["widthPx"].as_u64().expect("widthPx") as u32,
            height_px: v["heightPx"].as_u64().expect("heightPx") as u32,
        })
    }

    fn u32_of(v: &Value) -> Option<u32> {
        v.as_u64().map(|n| n as u32)
    }

    #[test]
    fn capabilities_match_pi_tui() {
        let all = vectors();
        for case in all["capabilities"].as_array().expect("capabilities") {
            let env = case["env"].as_object().expect("env").clone();
            let tmux = case["tmuxForwardsHyperlinks"]
                .as_bool()
                .expect("tmux answer");
            let lookup =
                move |name: &str| env.get(name).and_then(|v| v.as_str()).map(str::to_string);
            let got = detect(&lookup, false, &|| tmux);
            let want = Capabilities {
                images: protocol(&case["caps"]["images"]),
                true_color: case["caps"]["trueColor"].as_bool().expect("trueColor"),
                hyperlinks: case["caps"]["hyperlinks"].as_bool().expect("hyperlinks"),
            };
            assert_eq!(got, want, "{case}");
        }
    }

    #[test]
    fn image_dimensions_match_pi_tui() {
        let all = vectors();
        for case in all["dimensions"].as_array().expect("dimensions") {
            let got = image_dimensions(
                case["data"].as_str().expect("data"),
                case["mime"].as_str().expect("mime"),
            );
            assert_eq!(got, dims(&case["dims"]), "{case}");
        }
    }

    #[test]
    fn cell_sizes_match_pi_tui() {
        let all = vectors();
        for case in all["cellSizes"].as_array().expect("cell sizes") {
            let image = ImageDimensions {
                width_px: u32_of(&case["dims"][0]).expect("w"),
                height_px: u32_of(&case["dims"][1]).expect("h"),
            };
            let cell = CellDimensions {
                width_px: u32_of(&case["cell"]["widthPx"]).expect("cell w"),
                height_px: u32_of(&case["cell"]["heightPx"]).expect("cell h"),
            };
            let got = image_cell_size(
                image,
                u32_of(&case["maxW"]).expect("maxW"),
                u32_of(&case["maxH"]),
                cell,
                case["optimize"].as_bool().expect("optimize"),
            );
            let want = (
                u32_of(&case["size"]["columns"]).expect("c"),
                u32_of(&case["size"]["rows"]).expect("r"),
            );
            assert_eq!((got.columns, got.rows), want, "{case}");
        }
    }

    #[test]
    fn encodings_match_pi_tui() {
        let all = vectors();
        for case in all["kitty"].as_array().expect("kitty") {
            let data = match &case["data"] {
                Value::String(s) => s.clone(),
                v => v["repeat"]
                    .as_str()
                    .expect("repeat")
                    .repeat(v["count"].as_u64().expect("count") as usize),
            };
            let o = &case["opts"];
            let options = KittyOptions {
                columns: u32_of(&o["columns"]),
                rows: u32_of(&o["rows"]),
                image_id: u32_of(&o["imageId"]),
                move_cursor: o["moveCursor"].as_bool() != Some(false),
            };
            assert_eq!(
                encode_kitty(&data, &options),
                case["out"].as_str().expect("out"),
                "{}",
                case["opts"]
            );
        }
        for case in all["iterm2"].as_array().expect("iterm2") {
            let o = &case["opts"];
            let text = |v: &Value| match v {
                Value::Number(n) => Some(n.to_string()),
                Value::String(s) => Some(s.clone()),
                _ => None,
            };
            let options = Iterm2Options {
                inline: o["inline"].as_bool() != Some(false),
                width: text(&o["width"]),
                height: text(&o["height"]),
                name: o["name"].as_str().map(str::to_string),
                preserve_aspect_ratio: o["preserveAspectRatio"].as_bool() != Some(false),
            };
            let data = case["data"].as_str().expect("data");
            assert_eq!(
                encode_iterm2(data, &options),
                case["out"].as_str().expect("out"),
                "{case}"
            );
        }
    }

    #[test]
    fn fallbacks_match_pi_tui() {
        let all = vectors();
        for case in all["fallbacks"].as_array().expect("fallbacks") {
            let got = image_fallback(
                case["mime"].as_str().expect("mime"),
                dims(&case["dims"]),
                case["filename"].as_str(),
                case["hyperlinks"].as_bool().expect("hyperlinks"),
            );
            assert_eq!(got, case["out"].as_str().expect("out"), "{case}");
        }
    }

    #[test]
    fn the_image_component_matches_pi_tui() {
        let all = vectors();
        for case in all["component"].as_array().expect("component") {
            let o = &case["options"];
            let options = ImageOptions {
                max_width_cells: u32_of(&o["maxWidthCells"]),
                max_height_cells: u32_of(&o["maxHeightCells"]),
                filename: o["filename"].as_str().map(str::to_string),
                image_id: Some(42),
            };
            let capabilities = Capabilities {
                images: protocol(&case["protocol"]),
                true_color: true,
                hyperlinks: false,
            };
            let mut image = Image::new(
                case["data"].as_str().expect("data"),
                case["mime"].as_str().expect("mime"),
                Arc::new(|t: &str| format!("<fb>{t}</fb>")),
                options,
                capabilities,
            );
            let want: Vec<String> = case["lines"]
                .as_array()
                .expect("lines")
                .iter()
                .map(|l| l.as_str().expect("line").to_string())
                .collect();
            let width = case["width"].as_u64().expect("width") as usize;
            assert_eq!(image.render(width).to_vec(), want, "{case}");
        }
    }
}
