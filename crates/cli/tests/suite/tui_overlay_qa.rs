//! Pi's overlay QA extension (`overlay-qa-tests.ts`, unmodified) in tau's terminal UI: each
//! command's overlays where its options put them, animating, passing keys to the right one,
//! and closing. `/overlay-stack` is in tui_examples.rs.

use tau_test_support::pty::Screen;

use super::tui_examples::with_examples;

/// Row and column (in characters) where `needle` first shows.
fn place(screen: &Screen, needle: &str) -> Option<(usize, usize)> {
    screen.rows().iter().enumerate().find_map(|(row, text)| {
        let byte = text.find(needle)?;
        Some((row, text[..byte].chars().count()))
    })
}

fn qa(test: &str) -> Option<super::tui_session::Tui> {
    with_examples(test, &["overlay-qa-tests.ts"], vec![])
}

#[test]
fn overlay_anchors_cycle_through_the_corners_and_confirm() {
    let Some(tui) = qa("overlay-anchors") else {
        return;
    };
    tui.type_line("/overlay-anchors");
    let screen = tui.wait_until("no top-left overlay", |s| s.contains("Current: top-left"));
    let (row, col) = place(&screen, "Anchor Test").expect("title");
    assert!(
        row <= 1 && col < 20,
        "top-left at {row},{col}\n{}",
        screen.dump()
    );
    tui.session.send_key("space").expect("space");
    let screen = tui.wait_until("no top-center", |s| s.contains("Current: top-center"));
    let (row, col) = place(&screen, "Anchor Test").expect("title");
    assert!(
        row <= 1 && (30..60).contains(&col),
        "top-center at {row},{col}"
    );
    // Each key closes the overlay and the command opens the next one.
    for anchor in [
        "top-right",
        "left-center",
        "center",
        "right-center",
        "bottom-left",
        "bottom-center",
        "bottom-right",
    ] {
        tui.session.send_key("right").expect("right");
        let wanted = format!("Current: {anchor}");
        tui.wait_until("the next anchor did not show", move |s| s.contains(&wanted));
    }
    let screen = tui.wait_until("no bottom-right", |s| s.contains("Current: bottom-right"));
    let (row, col) = place(&screen, "Anchor Test").expect("title");
    assert!(
        row >= 20 && col >= 60,
        "bottom-right at {row},{col}\n{}",
        screen.dump()
    );
    tui.session.send_key("enter").expect("enter");
    tui.wait("Selected: bottom-right");
    tui.quit();
}

#[test]
fn overlay_margins_move_the_overlay_in_from_the_edges() {
    let Some(tui) = qa("overlay-margins") else {
        return;
    };
    tui.type_line("/overlay-margins");
    let screen = tui.wait_until("no first config", |s| s.contains("No margin (top-left)"));
    let (first_row, first_col) = place(&screen, "No margin").expect("text");
    tui.session.send_key("space").expect("space");
    let screen = tui.wait_until("no second config", |s| s.contains("Margin: 3 all sides"));
    let (row, col) = place(&screen, "Margin: 3").expect("text");
    assert_eq!(
        (row, col),
        (first_row + 3, first_col + 3),
        "{}",
        screen.dump()
    );
    tui.session.send_key("escape").expect("escape");
    tui.wait_until("overlay left open", |s| !s.contains("Margin: 3"));
    tui.quit();
}

#[test]
fn overlay_animation_keeps_drawing_new_frames() {
    let Some(tui) = qa("overlay-animation") else {
        return;
    };
    tui.type_line("/overlay-animation");
    let frame = |screen: &Screen| -> Option<u64> {
        let text = screen.text();
        let rest = &text[text.find("Frame: ")? + 7..];
        rest.split(|c: char| !c.is_ascii_digit())
            .next()?
            .parse()
            .ok()
    };
    let first =
        frame(&tui.wait_until("no frame counter", move |s| frame(s).is_some())).expect("frame");
    // The component asks for renders on its own (~30 a second); tau keeps drawing them.
    tui.wait_until("the animation stalled", move |s| {
        frame(s).is_some_and(|now| now >= first + 15)
    });
    tui.session.send_key("escape").expect("escape");
    tui.wait_until("animation left open", |s| !s.contains("Animation Demo"));
    tui.quit();
}

#[test]
fn overlay_passive_panel_ticks_while_keys_go_to_the_active_one() {
    let Some(tui) = qa("overlay-passive") else {
        return;
    };
    tui.type_line("/overlay-passive");
    let screen = tui.wait("Non-Capturing Demo");
    assert!(screen.contains("nonCapturing: true"), "{screen}");
    // The passive timer counts on its own, in the top-right corner.
    let screen = tui.wait_until("the timer did not tick", |s| s.contains("00:02"));
    let (row, col) = place(&screen, "00:02").expect("timer");
    assert!(
        row <= 4 && col >= 70,
        "timer at {row},{col}\n{}",
        screen.dump()
    );
    tui.session.send_text("abc").expect("type");
    let screen = tui.wait("> abc");
    assert!(screen.contains("focused=true"), "{screen}");
    tui.session.send_key("escape").expect("escape");
    tui.wait_until("overlays left open", |s| {
        !s.contains("Non-Capturing Demo") && !s.contains("nonCapturing: true")
    });
    tui.quit();
}

#[test]
fn overlay_focus_routes_keys_to_the_focused_panel_and_dismisses_it() {
    let Some(tui) = qa("overlay-focus") else {
        return;
    };
    tui.type_line("/overlay-focus");
    // The controller focuses the first panel, then opens as a capturing overlay, which takes
    // the focus (as in Pi); Tab hands it to the first panel.
    tui.wait_until("the controller does not have the focus", |s| {
        s.contains("Current focus: Controller") && s.contains("Alpha visible")
    });
    tui.session.send_key("tab").expect("tab");
    tui.wait_until("Alpha not focused", |s| {
        s.contains("Alpha FOCUSED") && s.contains("Current focus: Alpha")
    });
    tui.session.send_text("x").expect("x");
    tui.wait("Keys: \"x\"");
    tui.session.send_key("tab").expect("tab");
    tui.wait_until("Beta not focused", |s| {
        s.contains("Beta FOCUSED") && s.contains("Alpha visible")
    });
    tui.session.send_text("y").expect("y");
    let screen = tui.wait("Keys: \"y\"");
    assert_eq!(screen.matches("Keys: \"x\"").count(), 1, "{screen}");
    // Esc dismisses the focused panel; focus moves on to Gamma.
    tui.session.send_key("escape").expect("escape");
    tui.wait_until("Beta not dismissed", |s| {
        s.contains("Gamma FOCUSED") && !s.contains("Beta")
    });
    tui.session.send_key("ctrl+c").expect("ctrl+c");
    tui.wait_until("panels left open", |s| {
        !s.contains("Gamma") && !s.contains("Focus + Input Demo")
    });
    tui.quit();
}

#[test]
fn overlay_toggle_hides_and_shows_again() {
    let Some(tui) = qa("overlay-toggle") else {
        return;
    };
    tui.type_line("/overlay-toggle");
    tui.wait("Toggle count: 0");
    tui.session.send_text("t").expect("t");
    tui.wait_until("not hidden", |s| !s.contains("Toggle Demo"));
    tui.wait("Toggle count: 1");
    tui.session.send_key("escape").expect("escape");
    tui.wait_until("overlay left open", |s| !s.contains("Toggle Demo"));
    tui.quit();
}

/// The screen once `needle` shows.
fn shows(tui: &super::tui_session::Tui, needle: &'static str) -> Screen {
    tui.wait_until(needle, move |s| s.contains(needle))
}

/// The characters of the row where `needle` shows.
fn row_of(screen: &Screen, needle: &str) -> Option<Vec<char>> {
    let (row, _) = place(screen, needle)?;
    Some(screen.rows()[row].chars().collect())
}

#[test]
fn overlay_edge_touches_the_right_edge() {
    let Some(tui) = qa("overlay-edge") else {
        return;
    };
    tui.type_line("/overlay-edge");
    let screen = shows(&tui, "right edge of terminal.");
    // 40 columns wide, no right margin: the border is in the terminal's last column (of 100).
    let row = row_of(&screen, "right edge of terminal.").expect("row");
    assert_eq!(row.len(), 100, "{}", screen.dump());
    assert_eq!(row[99], '│', "{}", screen.dump());
    assert_eq!(row[60], '│', "{}", screen.dump());
    tui.session.send_key("escape").expect("escape");
    tui.wait_until("edge overlay left open", |s| !s.contains("Edge Test"));
    tui.quit();
}

/// Whether a label's row and column are where its percentages put it.
type Fits = fn(usize, usize) -> bool;

#[test]
fn overlay_percent_places_the_overlay_by_row_and_column_percentages() {
    let Some(tui) = qa("overlay-percent") else {
        return;
    };
    tui.type_line("/overlay-percent");
    // (label, a check on its row and column) in the command's order; Space shows the next.
    let checks: [(&str, Fits); 5] = [
        ("rowPercent: 0 (top)", |row, col| {
            row <= 2 && (34..=40).contains(&col)
        }),
        ("rowPercent: 50 (middle)", |row, _| (8..=18).contains(&row)),
        ("rowPercent: 100 (bottom)", |row, _| row >= 20),
        ("colPercent: 0 (left)", |_, col| col <= 3),
        ("colPercent: 100 (right)", |_, col| col >= 70),
    ];
    for (index, (label, fits)) in checks.into_iter().enumerate() {
        if index > 0 {
            tui.session.send_key("space").expect("space");
        }
        let screen = shows(&tui, label);
        let (row, col) = place(&screen, label).expect("label");
        assert!(fits(row, col), "{label} at {row},{col}\n{}", screen.dump());
    }
    tui.session.send_key("escape").expect("escape");
    tui.wait_until("percent overlay left open", |s| !s.contains("Percent Test"));
    tui.quit();
}

#[test]
fn overlay_maxheight_cuts_the_overlay_at_ten_rows() {
    let Some(tui) = qa("overlay-maxheight") else {
        return;
    };
    tui.type_line("/overlay-maxheight");
    let screen = shows(&tui, "Line 6 of 14");
    // Border, two notes, a blank row and lines 1-6: ten rows; the rest is cut.
    assert!(screen.contains("MaxHeight Test"), "{}", screen.dump());
    assert!(!screen.contains("Line 7 of 14"), "{}", screen.dump());
    assert!(!screen.contains("Press Esc to close"), "{}", screen.dump());
    let (title, _) = place(&screen, "MaxHeight Test").expect("title");
    let (last, _) = place(&screen, "Line 6 of 14").expect("last");
    assert_eq!(last - title, 9, "{}", screen.dump());
    tui.session.send_key("escape").expect("escape");
    tui.wait_until("maxheight overlay left open", |s| {
        !s.contains("MaxHeight Test")
    });
    tui.quit();
}

#[test]
fn overlay_sidepanel_hides_below_a_hundred_columns() {
    let Some(tui) = qa("overlay-sidepanel") else {
        return;
    };
    tui.type_line("/overlay-sidepanel");
    let screen = shows(&tui, "Responsive Sidepanel");
    // 25% of 100 is under its minimum width of 30; one column of right margin.
    let row = row_of(&screen, "Responsive Sidepanel").expect("row");
    assert_eq!(row.get(99), Some(&' '), "{}", screen.dump());
    assert_eq!(row[98], '│', "{}", screen.dump());
    assert_eq!(row[69], '│', "{}", screen.dump());
    tui.session.send_key("down").expect("down");
    tui.wait("→ Messages");
    tui.session.resize(90, 30).expect("narrow");
    tui.wait_until("the panel did not hide", |s| {
        !s.contains("Responsive Sidepanel")
    });
    tui.session.resize(100, 30).expect("wide");
    tui.wait("→ Messages");
    tui.session.send_key("escape").expect("escape");
    tui.wait_until("sidepanel left open", |s| {
        !s.contains("Responsive Sidepanel")
    });
    tui.quit();
}

#[test]
fn overlay_overflow_keeps_long_streamed_lines_inside_the_box() {
    let Some(tui) = qa("overlay-overflow") else {
        return;
    };
    tui.type_line("/overlay-overflow");
    let screen = shows(&tui, "▶ read:");
    // 90 columns centred in 100: every row of the box ends in its border at column 94.
    let row = row_of(&screen, "▶ read:").expect("row");
    assert!(row.len() <= 100, "{}", screen.dump());
    assert_eq!(row.get(94), Some(&'│'), "{}", screen.dump());
    tui.session.send_key("escape").expect("escape");
    tui.wait_until("overflow overlay left open", |s| !s.contains("▶ read:"));
    tui.quit();
}

/// Keys typed right behind the Tab that moves focus between `/overlay-streaming`'s
/// non-capturing panels reach the panel it focused: the extension moves focus inside the host,
/// and a key tau routed before it heard of the move follows it (pi-tui moves focus at once).
#[test]
fn overlay_streaming_keys_follow_the_focus_the_extension_moved() {
    let Some(tui) = qa("overlay-streaming") else {
        return;
    };
    tui.type_line("/overlay-streaming");
    tui.wait_until("the panels did not open", |s| {
        s.contains("Panel A") && s.contains("Panel C") && s.contains("Streaming line")
    });
    // Tab and the text in one write: the text is on its way before tau hears of the move.
    tui.session.send_text("\thi").expect("tab and text");
    let screen = tui.wait_until("hi never showed", |s| s.contains("> hi"));
    tui.session.send_text("\tyo").expect("tab and text");
    let screen_after = tui.wait_until("yo never showed", |s| s.contains("> yo"));
    let (a_row, _) = place(&screen, "Panel A").expect("panel A");
    let (b_row, _) = place(&screen_after, "Panel B").expect("panel B");
    let (hi_row, _) = place(&screen_after, "> hi").expect("hi");
    let (yo_row, _) = place(&screen_after, "> yo").expect("yo");
    assert!(
        hi_row > a_row && hi_row < b_row && yo_row > b_row,
        "hi in A, yo in B\n{}",
        screen_after.dump()
    );
    tui.session.send_key("escape").expect("escape");
    tui.wait_until("the panels stayed open", |s| !s.contains("Panel A"));
    tui.quit();
}
