/*
 * carousel-art: draws the carousel's sample pictures with Cairo.
 *
 * Sixteen small illustrations (landscapes, sky scenes and fruit), each a
 * 256x256 PNG with flat shapes and soft gradients, so they stay crisp as
 * 64 px strip items zoomed 1.2x, as the 240 px preview, and on HiDPI screens.
 * The drawing is deterministic (a fixed pseudo-random sequence places the
 * stars and windows): running it again gives the same files.
 *
 * Build and run through scripts/make-carousel-art, which writes
 * the PNGs in assets/carousel; they are committed, this program is how to
 * remake or change them.
 *
 *   cc -O2 -o carousel-art carousel-art.c $(pkg-config --cflags --libs cairo) -lm
 *   ./carousel-art OUTPUT_DIR
 */
#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Side of every picture, in pixels. */
#define SIZE 256.0

/* ---- helpers ----------------------------------------------------------- */

static unsigned int seed_state = 12345u;

/* A fixed linear congruential sequence in [0, 1), so every run is the same. */
static double rnd(void) {
    seed_state = seed_state * 1103515245u + 12345u;
    return (double)((seed_state >> 8) & 0xFFFF) / 65536.0;
}

static void rgb(cairo_t *cr, unsigned int hex, double alpha) {
    cairo_set_source_rgba(cr, ((hex >> 16) & 0xFF) / 255.0, ((hex >> 8) & 0xFF) / 255.0,
                          (hex & 0xFF) / 255.0, alpha);
}

static void stop(cairo_pattern_t *p, double offset, unsigned int hex, double alpha) {
    cairo_pattern_add_color_stop_rgba(p, offset, ((hex >> 16) & 0xFF) / 255.0,
                                      ((hex >> 8) & 0xFF) / 255.0, (hex & 0xFF) / 255.0, alpha);
}

/* Fills the whole picture with a vertical gradient through three colours. */
static void sky(cairo_t *cr, unsigned int top, unsigned int middle, unsigned int bottom) {
    cairo_pattern_t *p = cairo_pattern_create_linear(0, 0, 0, SIZE);
    stop(p, 0, top, 1);
    stop(p, 0.55, middle, 1);
    stop(p, 1, bottom, 1);
    cairo_set_source(cr, p);
    cairo_paint(cr);
    cairo_pattern_destroy(p);
}

/* A soft round glow: `hex` at the centre fading to nothing at `radius`. */
static void glow(cairo_t *cr, double x, double y, double radius, unsigned int hex, double alpha) {
    cairo_pattern_t *p = cairo_pattern_create_radial(x, y, 0, x, y, radius);
    stop(p, 0, hex, alpha);
    stop(p, 1, hex, 0);
    cairo_set_source(cr, p);
    cairo_arc(cr, x, y, radius, 0, 2 * M_PI);
    cairo_fill(cr);
    cairo_pattern_destroy(p);
}

static void disc(cairo_t *cr, double x, double y, double r, unsigned int hex, double alpha) {
    rgb(cr, hex, alpha);
    cairo_arc(cr, x, y, r, 0, 2 * M_PI);
    cairo_fill(cr);
}

/* A disc shaded by a radial gradient lit from the top-left. */
static void sphere(cairo_t *cr, double x, double y, double r, unsigned int light, unsigned int dark) {
    cairo_pattern_t *p = cairo_pattern_create_radial(x - r * 0.35, y - r * 0.35, r * 0.1, x, y, r);
    stop(p, 0, light, 1);
    stop(p, 1, dark, 1);
    cairo_set_source(cr, p);
    cairo_arc(cr, x, y, r, 0, 2 * M_PI);
    cairo_fill(cr);
    cairo_pattern_destroy(p);
}

static void stars(cairo_t *cr, int count, double max_y) {
    for (int i = 0; i < count; i++) {
        double x = rnd() * SIZE, y = rnd() * max_y, r = 0.6 + rnd() * 1.3;
        disc(cr, x, y, r, 0xFFFFFF, 0.45 + rnd() * 0.55);
    }
}

/* A ridge of hills across the picture: a smooth curve through `n` heights, filled down to the bottom. */
static void ridge(cairo_t *cr, const double *heights, int n, unsigned int hex, double alpha) {
    double step = SIZE / (n - 1);
    cairo_move_to(cr, 0, SIZE);
    cairo_line_to(cr, 0, heights[0]);
    for (int i = 1; i < n; i++) {
        double x0 = (i - 1) * step, x1 = i * step;
        cairo_curve_to(cr, x0 + step / 2, heights[i - 1], x1 - step / 2, heights[i], x1, heights[i]);
    }
    cairo_line_to(cr, SIZE, SIZE);
    cairo_close_path(cr);
    rgb(cr, hex, alpha);
    cairo_fill(cr);
}

/* A jagged mountain range: straight lines through the given peaks and valleys. */
static void range(cairo_t *cr, const double *points, int n, unsigned int hex) {
    cairo_move_to(cr, 0, SIZE);
    for (int i = 0; i < n; i++) cairo_line_to(cr, points[2 * i], points[2 * i + 1]);
    cairo_line_to(cr, SIZE, SIZE);
    cairo_close_path(cr);
    rgb(cr, hex, 1);
    cairo_fill(cr);
}

static void pine(cairo_t *cr, double x, double base, double height, unsigned int hex) {
    double w = height * 0.42;
    rgb(cr, hex, 1);
    for (int tier = 0; tier < 3; tier++) {
        double top = base - height + tier * height * 0.22;
        double bottom = base - height * 0.12 - (2 - tier) * height * 0.2;
        double half = w * (0.55 + tier * 0.22) / 1.0;
        cairo_move_to(cr, x, top);
        cairo_line_to(cr, x + half, bottom);
        cairo_line_to(cr, x - half, bottom);
        cairo_close_path(cr);
        cairo_fill(cr);
    }
    cairo_rectangle(cr, x - height * 0.04, base - height * 0.14, height * 0.08, height * 0.14);
    cairo_fill(cr);
}

static void cloud(cairo_t *cr, double x, double y, double s, double alpha) {
    /* One path of overlapping sub-shapes, filled once, so the overlaps do not show. */
    cairo_new_path(cr);
    cairo_arc(cr, x, y, 14 * s, 0, 2 * M_PI);
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + 16 * s, y - 8 * s, 17 * s, 0, 2 * M_PI);
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + 34 * s, y, 13 * s, 0, 2 * M_PI);
    cairo_rectangle(cr, x, y, 34 * s, 14 * s);
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
    rgb(cr, 0xFFFFFF, alpha);
    cairo_fill(cr);
}

/* ---- the pictures ------------------------------------------------------ */

static void draw_sunrise(cairo_t *cr) {
    sky(cr, 0x5B4B8A, 0xF08A7E, 0xFFD59E);
    glow(cr, 96, 132, 110, 0xFFF1C1, 0.8);
    disc(cr, 96, 132, 32, 0xFFF4D6, 1);
    const double far[] = {0, 150, 40, 120, 90, 160, 140, 110, 190, 150, 230, 125, 256, 140};
    range(cr, far, 7, 0x9C6B98);
    const double h1[] = {190, 176, 196, 170, 186, 200};
    ridge(cr, h1, 6, 0x6E4C7E, 1);
    const double h2[] = {222, 214, 230, 210, 220, 232};
    ridge(cr, h2, 6, 0x3F2E56, 1);
}

static void draw_moonlit_sea(cairo_t *cr) {
    sky(cr, 0x0B1D3A, 0x1F4E79, 0x2F7BA8);
    stars(cr, 40, 120);
    glow(cr, 170, 70, 70, 0xDDEBFF, 0.5);
    disc(cr, 170, 70, 24, 0xF5F8FF, 1);
    /* The moon's path on the water. */
    for (int i = 0; i < 7; i++) {
        double y = 150 + i * 14, w = 36 - i * 3;
        rgb(cr, 0xEAF3FF, 0.55 - i * 0.05);
        cairo_rectangle(cr, 170 - w / 2, y, w, 3);
        cairo_fill(cr);
    }
    unsigned int waves[] = {0x1B5E8C, 0x154A73, 0x0F3858};
    for (int layer = 0; layer < 3; layer++) {
        double base = 150 + layer * 36;
        cairo_move_to(cr, 0, SIZE);
        cairo_line_to(cr, 0, base);
        for (int k = 0; k < 8; k++) {
            double x = k * 32.0;
            cairo_curve_to(cr, x + 8, base - 10, x + 24, base - 10, x + 32, base);
        }
        cairo_line_to(cr, SIZE, SIZE);
        cairo_close_path(cr);
        rgb(cr, waves[layer], layer == 0 ? 0.75 : 1);
        cairo_fill(cr);
    }
}

static void draw_ringed_planet(cairo_t *cr) {
    sky(cr, 0x120A2E, 0x2B1858, 0x4A2570);
    stars(cr, 70, SIZE);
    glow(cr, 128, 128, 110, 0xB58CFF, 0.35);
    cairo_save(cr);
    cairo_translate(cr, 128, 128);
    cairo_rotate(cr, -0.35);
    /* Back half of the ring, then the planet, then the front half. */
    cairo_save(cr);
    cairo_scale(cr, 1, 0.28);
    cairo_set_line_width(cr, 14);
    rgb(cr, 0xE9C98F, 0.8);
    cairo_arc(cr, 0, 0, 100, M_PI, 2 * M_PI);
    cairo_stroke(cr);
    cairo_restore(cr);
    sphere(cr, 0, 0, 56, 0xFFE0A3, 0xC2703D);
    rgb(cr, 0xA65A2E, 0.35);
    cairo_rectangle(cr, -56, -14, 112, 9);
    cairo_rectangle(cr, -56, 10, 112, 6);
    cairo_save(cr);
    cairo_arc(cr, 0, 0, 56, 0, 2 * M_PI);
    cairo_clip(cr);
    cairo_rectangle(cr, -56, -14, 112, 9);
    cairo_rectangle(cr, -56, 10, 112, 6);
    cairo_fill(cr);
    cairo_restore(cr);
    cairo_new_path(cr);
    cairo_save(cr);
    cairo_scale(cr, 1, 0.28);
    cairo_set_line_width(cr, 14);
    rgb(cr, 0xF6DDAA, 0.95);
    cairo_arc(cr, 0, 0, 100, 0, M_PI);
    cairo_stroke(cr);
    cairo_restore(cr);
    cairo_restore(cr);
}

static void draw_pine_forest(cairo_t *cr) {
    sky(cr, 0x9ED8DB, 0xCDEBD6, 0xEAF4D3);
    disc(cr, 70, 70, 26, 0xFFF6D5, 1);
    const double hills[] = {150, 130, 145, 125, 140};
    ridge(cr, hills, 5, 0x8CC5A6, 1);
    for (int i = 0; i < 9; i++) pine(cr, 10 + i * 30, 178, 58 + (i % 3) * 8, 0x4E9A78);
    const double mid[] = {185, 178, 190, 180, 186};
    ridge(cr, mid, 5, 0x3B7D62, 1);
    for (int i = 0; i < 6; i++) pine(cr, 20 + i * 46, 230, 90 + (i % 2) * 18, 0x24584A);
    const double front[] = {236, 230, 240, 232, 238};
    ridge(cr, front, 5, 0x1A4238, 1);
}

static void draw_dunes(cairo_t *cr) {
    sky(cr, 0xFFB36B, 0xFFD89A, 0xFFE9C2);
    glow(cr, 180, 80, 80, 0xFFF6E0, 0.7);
    disc(cr, 180, 80, 30, 0xFFFBEF, 1);
    const double back[] = {160, 140, 170, 150, 160};
    ridge(cr, back, 5, 0xF2A65A, 1);
    const double mid[] = {200, 175, 190, 210, 185};
    ridge(cr, mid, 5, 0xE2843F, 1);
    /* A saguaro on the near dune. */
    rgb(cr, 0x3F7D4E, 1);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_set_line_width(cr, 12);
    cairo_move_to(cr, 70, 222);
    cairo_line_to(cr, 70, 150);
    cairo_stroke(cr);
    cairo_set_line_width(cr, 9);
    cairo_move_to(cr, 70, 192);
    cairo_line_to(cr, 52, 192);
    cairo_line_to(cr, 52, 168);
    cairo_move_to(cr, 70, 182);
    cairo_line_to(cr, 88, 182);
    cairo_line_to(cr, 88, 160);
    cairo_stroke(cr);
    const double front[] = {232, 220, 236, 226, 240};
    ridge(cr, front, 5, 0xC9672E, 1);
}

static void draw_aurora(cairo_t *cr) {
    sky(cr, 0x06122B, 0x0D2A45, 0x1C4A5E);
    stars(cr, 60, 170);
    unsigned int colours[] = {0x5CFFB0, 0x39D5FF, 0xA98BFF};
    for (int band = 0; band < 3; band++) {
        double y0 = 70 + band * 22;
        cairo_pattern_t *p = cairo_pattern_create_linear(0, y0 - 40, 0, y0 + 60);
        stop(p, 0, colours[band], 0);
        stop(p, 0.5, colours[band], 0.55);
        stop(p, 1, colours[band], 0);
        cairo_set_source(cr, p);
        cairo_move_to(cr, 0, y0);
        cairo_curve_to(cr, 60, y0 - 50 + band * 10, 130, y0 + 50, SIZE, y0 - 30);
        cairo_line_to(cr, SIZE, y0 + 40);
        cairo_curve_to(cr, 130, y0 + 90, 60, y0 - 10, 0, y0 + 50);
        cairo_close_path(cr);
        cairo_fill(cr);
        cairo_pattern_destroy(p);
    }
    const double far[] = {0, 200, 50, 170, 100, 196, 160, 160, 210, 190, 256, 176};
    range(cr, far, 6, 0x27415A);
    const double snow[] = {214, 206, 218, 210, 216};
    ridge(cr, snow, 5, 0xDCE9F5, 1);
    for (int i = 0; i < 5; i++) pine(cr, 30 + i * 52, 236, 44 + (i % 2) * 12, 0x0E2236);
}

static void draw_balloon(cairo_t *cr) {
    sky(cr, 0x5FB6F2, 0x9AD3F7, 0xD6EEFB);
    cloud(cr, 24, 196, 1.3, 0.95);
    cloud(cr, 170, 60, 0.9, 0.85);
    cloud(cr, 190, 210, 1.1, 0.9);
    /* The envelope: a teardrop clipped into stripes. */
    cairo_save(cr);
    cairo_move_to(cr, 128, 176);
    cairo_curve_to(cr, 60, 128, 64, 40, 128, 40);
    cairo_curve_to(cr, 192, 40, 196, 128, 128, 176);
    cairo_close_path(cr);
    cairo_clip_preserve(cr);
    rgb(cr, 0xFF5A5F, 1);
    cairo_fill(cr);
    unsigned int stripes[] = {0xFFC145, 0xFFFFFF, 0x2EC4B6};
    for (int i = 0; i < 3; i++) {
        rgb(cr, stripes[i], 1);
        double x = 84 + i * 30;
        cairo_rectangle(cr, x, 30, 14, 160);
        cairo_fill(cr);
    }
    cairo_pattern_t *shade = cairo_pattern_create_linear(60, 0, 200, 0);
    stop(shade, 0, 0xFFFFFF, 0.25);
    stop(shade, 0.5, 0xFFFFFF, 0);
    stop(shade, 1, 0x000000, 0.25);
    cairo_set_source(cr, shade);
    cairo_paint(cr);
    cairo_pattern_destroy(shade);
    cairo_restore(cr);
    rgb(cr, 0x6B4A2F, 1);
    cairo_set_line_width(cr, 2);
    cairo_move_to(cr, 112, 168);
    cairo_line_to(cr, 118, 192);
    cairo_move_to(cr, 144, 168);
    cairo_line_to(cr, 138, 192);
    cairo_stroke(cr);
    rgb(cr, 0x8B5E3C, 1);
    cairo_rectangle(cr, 116, 190, 24, 18);
    cairo_fill(cr);
}

static void draw_summit(cairo_t *cr) {
    sky(cr, 0x2E86DE, 0x74B9FF, 0xD6ECFF);
    cloud(cr, 160, 50, 0.8, 0.8);
    const double peak[] = {0, 210, 60, 150, 128, 56, 190, 140, 256, 196};
    range(cr, peak, 5, 0x50627A);
    /* The lit face and the snow cap. */
    rgb(cr, 0x6F84A0, 1);
    cairo_move_to(cr, 128, 56);
    cairo_line_to(cr, 190, 140);
    cairo_line_to(cr, 256, 196);
    cairo_line_to(cr, 256, SIZE);
    cairo_line_to(cr, 140, SIZE);
    cairo_close_path(cr);
    cairo_fill(cr);
    rgb(cr, 0xFFFFFF, 1);
    cairo_move_to(cr, 128, 56);
    cairo_line_to(cr, 157, 95);
    cairo_line_to(cr, 144, 90);
    cairo_line_to(cr, 132, 104);
    cairo_line_to(cr, 118, 92);
    cairo_line_to(cr, 104, 100);
    cairo_close_path(cr);
    cairo_fill(cr);
    const double hills[] = {214, 204, 220, 208, 216};
    ridge(cr, hills, 5, 0x2F6B4F, 1);
    for (int i = 0; i < 7; i++) pine(cr, 16 + i * 38, 246, 40 + (i % 3) * 8, 0x1D4A37);
}

static void draw_night_city(cairo_t *cr) {
    sky(cr, 0x1A1446, 0x6A3A8C, 0xF2A365);
    stars(cr, 30, 90);
    /* A crescent moon: a disc with a sky-coloured bite. */
    disc(cr, 196, 56, 20, 0xFFF3D1, 1);
    disc(cr, 206, 50, 18, 0x2A1A55, 1);
    for (int b = 0; b < 12; b++) {
        double w = 16 + rnd() * 14, x = b * 22 - 4, h = 60 + rnd() * 110;
        unsigned int body = (b % 2) ? 0x241B3F : 0x2F2552;
        rgb(cr, body, 1);
        cairo_rectangle(cr, x, SIZE - h, w, h);
        cairo_fill(cr);
        for (double wy = SIZE - h + 8; wy < SIZE - 8; wy += 10) {
            for (double wx = x + 4; wx < x + w - 5; wx += 7) {
                if (rnd() < 0.42) {
                    rgb(cr, 0xFFD66B, 0.85);
                    cairo_rectangle(cr, wx, wy, 3.5, 5);
                    cairo_fill(cr);
                }
            }
        }
    }
}

static void draw_orange(cairo_t *cr) {
    sky(cr, 0xFFF1DC, 0xFFE3C0, 0xFFD3A0);
    glow(cr, 128, 136, 120, 0xFFFFFF, 0.5);
    cairo_save(cr);
    cairo_translate(cr, 128, 128);
    rgb(cr, 0x000000, 0.12);
    cairo_arc(cr, 4, 8, 84, 0, 2 * M_PI);
    cairo_fill(cr);
    disc(cr, 0, 0, 84, 0xF57C00, 1);
    disc(cr, 0, 0, 74, 0xFFF3D6, 1);
    for (int i = 0; i < 10; i++) {
        double a0 = i * 2 * M_PI / 10 + 0.05, a1 = (i + 1) * 2 * M_PI / 10 - 0.05;
        cairo_pattern_t *p = cairo_pattern_create_radial(0, 0, 6, 0, 0, 68);
        stop(p, 0, 0xFFC04D, 1);
        stop(p, 1, 0xFF8F1F, 1);
        cairo_set_source(cr, p);
        cairo_move_to(cr, 6 * cos((a0 + a1) / 2), 6 * sin((a0 + a1) / 2));
        cairo_arc(cr, 0, 0, 68, a0, a1);
        cairo_close_path(cr);
        cairo_fill(cr);
        cairo_pattern_destroy(p);
    }
    disc(cr, 0, 0, 7, 0xFFF3D6, 1);
    cairo_restore(cr);
}

static void draw_watermelon(cairo_t *cr) {
    sky(cr, 0xE3F9EC, 0xC9F0D8, 0xA8E3C0);
    cairo_save(cr);
    cairo_translate(cr, 128, 96);
    rgb(cr, 0x000000, 0.12);
    cairo_arc_negative(cr, 4, 8, 108, M_PI, 0);
    cairo_fill(cr);
    rgb(cr, 0x2E8B57, 1);
    cairo_arc_negative(cr, 0, 0, 108, M_PI, 0);
    cairo_fill(cr);
    rgb(cr, 0xE8F7D0, 1);
    cairo_arc_negative(cr, 0, 0, 98, M_PI, 0);
    cairo_fill(cr);
    cairo_pattern_t *p = cairo_pattern_create_radial(0, 0, 10, 0, 0, 92);
    stop(p, 0, 0xFF4D6D, 1);
    stop(p, 1, 0xF0354F, 1);
    cairo_set_source(cr, p);
    cairo_arc_negative(cr, 0, 0, 92, M_PI, 0);
    cairo_fill(cr);
    cairo_pattern_destroy(p);
    rgb(cr, 0x2B1B17, 1);
    for (int ring = 0; ring < 2; ring++) {
        double r = 40 + ring * 28;
        int count = 4 + ring * 2;
        for (int i = 0; i < count; i++) {
            double a = M_PI * (i + 0.5) / count;
            cairo_save(cr);
            cairo_translate(cr, r * cos(a), r * sin(a));
            cairo_rotate(cr, a);
            cairo_scale(cr, 1, 0.6);
            cairo_arc(cr, 0, 0, 5, 0, 2 * M_PI);
            cairo_restore(cr);
            cairo_fill(cr);
        }
    }
    cairo_restore(cr);
}

static void draw_cherries(cairo_t *cr) {
    sky(cr, 0xFFE3EC, 0xFFD0DF, 0xFFB9CF);
    glow(cr, 128, 150, 110, 0xFFFFFF, 0.45);
    /* Stems, a leaf, then the two fruits. */
    rgb(cr, 0x5C7A29, 1);
    cairo_set_line_width(cr, 5);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_move_to(cr, 92, 160);
    cairo_curve_to(cr, 100, 110, 130, 70, 150, 52);
    cairo_move_to(cr, 168, 170);
    cairo_curve_to(cr, 166, 120, 156, 80, 150, 52);
    cairo_stroke(cr);
    cairo_pattern_t *leaf = cairo_pattern_create_linear(150, 40, 210, 70);
    stop(leaf, 0, 0x8BC34A, 1);
    stop(leaf, 1, 0x4E8A2E, 1);
    cairo_set_source(cr, leaf);
    cairo_move_to(cr, 150, 52);
    cairo_curve_to(cr, 170, 24, 206, 30, 214, 46);
    cairo_curve_to(cr, 196, 66, 168, 66, 150, 52);
    cairo_fill(cr);
    cairo_pattern_destroy(leaf);
    double centres[2][2] = {{88, 178}, {170, 186}};
    for (int i = 0; i < 2; i++) {
        double x = centres[i][0], y = centres[i][1];
        rgb(cr, 0x000000, 0.12);
        cairo_arc(cr, x + 4, y + 8, 40, 0, 2 * M_PI);
        cairo_fill(cr);
        sphere(cr, x, y, 40, 0xFF5C7A, 0x9E0B2E);
        cairo_save(cr);
        cairo_translate(cr, x - 14, y - 16);
        cairo_rotate(cr, -0.6);
        cairo_scale(cr, 1, 0.55);
        rgb(cr, 0xFFFFFF, 0.55);
        cairo_arc(cr, 0, 0, 9, 0, 2 * M_PI);
        cairo_restore(cr);
        cairo_fill(cr);
    }
}

static void draw_blossom(cairo_t *cr) {
    sky(cr, 0xEDE7FF, 0xDCD3FF, 0xC8BBF5);
    glow(cr, 128, 128, 120, 0xFFFFFF, 0.5);
    cairo_save(cr);
    cairo_translate(cr, 128, 128);
    for (int layer = 0; layer < 2; layer++) {
        int petals = 8;
        double length = layer ? 58 : 84, width = layer ? 22 : 30;
        for (int i = 0; i < petals; i++) {
            cairo_save(cr);
            cairo_rotate(cr, i * 2 * M_PI / petals + layer * M_PI / petals);
            cairo_pattern_t *p = cairo_pattern_create_linear(0, 0, length, 0);
            stop(p, 0, layer ? 0xFFD1E3 : 0xFF8FB8, 1);
            stop(p, 1, layer ? 0xFFF0F6 : 0xFFC2D8, 1);
            cairo_set_source(cr, p);
            cairo_move_to(cr, 0, 0);
            cairo_curve_to(cr, length * 0.3, -width, length * 0.9, -width, length, 0);
            cairo_curve_to(cr, length * 0.9, width, length * 0.3, width, 0, 0);
            cairo_fill(cr);
            cairo_pattern_destroy(p);
            cairo_restore(cr);
        }
    }
    sphere(cr, 0, 0, 20, 0xFFE58A, 0xF2A818);
    for (int i = 0; i < 10; i++) {
        double a = i * 2 * M_PI / 10;
        disc(cr, 12 * cos(a), 12 * sin(a), 2.2, 0xC77700, 1);
    }
    cairo_restore(cr);
}

static void draw_sailboat(cairo_t *cr) {
    sky(cr, 0xFF9E7A, 0xFFC59E, 0xFFE2C6);
    glow(cr, 190, 128, 80, 0xFFF3E0, 0.8);
    disc(cr, 190, 128, 26, 0xFFF8EC, 1);
    cairo_pattern_t *sea = cairo_pattern_create_linear(0, 160, 0, SIZE);
    stop(sea, 0, 0x4A6FA5, 1);
    stop(sea, 1, 0x263F6A, 1);
    cairo_set_source(cr, sea);
    cairo_rectangle(cr, 0, 160, SIZE, SIZE - 160);
    cairo_fill(cr);
    cairo_pattern_destroy(sea);
    for (int i = 0; i < 5; i++) {
        rgb(cr, 0xFFE7C7, 0.6 - i * 0.1);
        double w = 50 - i * 7;
        cairo_rectangle(cr, 190 - w / 2, 168 + i * 12, w, 2.5);
        cairo_fill(cr);
    }
    /* Hull, mast and two sails. */
    rgb(cr, 0x3B2C35, 1);
    cairo_move_to(cr, 70, 176);
    cairo_line_to(cr, 186, 176);
    cairo_line_to(cr, 172, 196);
    cairo_line_to(cr, 84, 196);
    cairo_close_path(cr);
    cairo_fill(cr);
    cairo_rectangle(cr, 126, 56, 4, 122);
    cairo_fill(cr);
    rgb(cr, 0xFFFFFF, 1);
    cairo_move_to(cr, 132, 60);
    cairo_curve_to(cr, 160, 100, 176, 140, 180, 170);
    cairo_line_to(cr, 132, 170);
    cairo_close_path(cr);
    cairo_fill(cr);
    rgb(cr, 0xF3ECE4, 1);
    cairo_move_to(cr, 124, 74);
    cairo_curve_to(cr, 104, 110, 94, 140, 90, 170);
    cairo_line_to(cr, 124, 170);
    cairo_close_path(cr);
    cairo_fill(cr);
}

static void draw_volcano(cairo_t *cr) {
    sky(cr, 0x2B0F1E, 0x6B1D2A, 0xC2452D);
    glow(cr, 128, 96, 100, 0xFF7A2F, 0.55);
    for (int i = 0; i < 5; i++) {
        double x = 118 + i * 12 - (i % 2) * 20, y = 70 - i * 12, r = 16 + i * 4;
        disc(cr, x, y, r, 0x5A4650, 0.55);
    }
    rgb(cr, 0x2A1B22, 1);
    cairo_move_to(cr, 0, SIZE);
    cairo_line_to(cr, 20, 230);
    cairo_line_to(cr, 104, 104);
    cairo_line_to(cr, 152, 104);
    cairo_line_to(cr, 236, 230);
    cairo_line_to(cr, SIZE, SIZE);
    cairo_close_path(cr);
    cairo_fill(cr);
    /* Lava running down the cone. */
    cairo_pattern_t *lava = cairo_pattern_create_linear(0, 100, 0, 230);
    stop(lava, 0, 0xFFE066, 1);
    stop(lava, 1, 0xFF4E1A, 1);
    cairo_set_source(cr, lava);
    cairo_move_to(cr, 108, 104);
    cairo_line_to(cr, 148, 104);
    cairo_curve_to(cr, 140, 130, 156, 160, 150, 200);
    cairo_curve_to(cr, 140, 170, 136, 150, 128, 140);
    cairo_curve_to(cr, 120, 160, 112, 190, 96, 214);
    cairo_curve_to(cr, 104, 170, 118, 130, 108, 104);
    cairo_close_path(cr);
    cairo_fill(cr);
    cairo_pattern_destroy(lava);
    glow(cr, 128, 104, 36, 0xFFD166, 0.8);
}

static void draw_comet(cairo_t *cr) {
    sky(cr, 0x050A1F, 0x0E1E45, 0x1D3470);
    stars(cr, 90, SIZE);
    cairo_save(cr);
    cairo_translate(cr, 176, 84);
    cairo_rotate(cr, 2.5);
    cairo_pattern_t *tail = cairo_pattern_create_linear(0, 0, 190, 0);
    stop(tail, 0, 0xBDF4FF, 0.95);
    stop(tail, 1, 0x5AB8FF, 0);
    cairo_set_source(cr, tail);
    cairo_move_to(cr, 0, -16);
    cairo_curve_to(cr, 80, -30, 150, -34, 200, -40);
    cairo_line_to(cr, 200, 40);
    cairo_curve_to(cr, 150, 30, 80, 26, 0, 16);
    cairo_close_path(cr);
    cairo_fill(cr);
    cairo_pattern_destroy(tail);
    cairo_restore(cr);
    glow(cr, 176, 84, 40, 0xE0FBFF, 0.9);
    disc(cr, 176, 84, 12, 0xFFFFFF, 1);
    sphere(cr, 60, 200, 36, 0x7FD1AE, 0x1F5F6B);
}

/* ---- driver ------------------------------------------------------------ */

struct picture {
    const char *file;
    void (*draw)(cairo_t *);
};

static const struct picture pictures[] = {
    {"sunrise.png", draw_sunrise},
    {"moonlit-sea.png", draw_moonlit_sea},
    {"ringed-planet.png", draw_ringed_planet},
    {"pine-forest.png", draw_pine_forest},
    {"dunes.png", draw_dunes},
    {"aurora.png", draw_aurora},
    {"balloon.png", draw_balloon},
    {"summit.png", draw_summit},
    {"night-city.png", draw_night_city},
    {"orange.png", draw_orange},
    {"watermelon.png", draw_watermelon},
    {"cherries.png", draw_cherries},
    {"blossom.png", draw_blossom},
    {"sailboat.png", draw_sailboat},
    {"volcano.png", draw_volcano},
    {"comet.png", draw_comet},
};

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s OUTPUT_DIR\n", argv[0]);
        return 2;
    }
    int failures = 0;
    for (size_t i = 0; i < sizeof pictures / sizeof pictures[0]; i++) {
        cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)SIZE, (int)SIZE);
        cairo_t *cr = cairo_create(surface);
        pictures[i].draw(cr);
        cairo_destroy(cr);
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", argv[1], pictures[i].file);
        cairo_status_t status = cairo_surface_write_to_png(surface, path);
        if (status != CAIRO_STATUS_SUCCESS) {
            fprintf(stderr, "carousel-art: %s: %s\n", path, cairo_status_to_string(status));
            failures++;
        }
        cairo_surface_destroy(surface);
    }
    return failures ? 1 : 0;
}
