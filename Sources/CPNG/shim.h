// libpng (Debian libpng-dev), read row by row so a huge PNG is never held whole.
//
// libpng reports errors by longjmp; Swift cannot call setjmp, so each entry
// point below sets its own jump target and turns an error into a -1 return
// with the message kept in `gd_png.message`.
#include <png.h>
#include <setjmp.h>
#include <string.h>

typedef struct {
    png_structp png;
    png_infop info;
    const unsigned char *data;
    size_t size;
    size_t offset;
    unsigned width;
    unsigned height;
    /// 1, or 7 for an Adam7-interlaced picture (rows arrive in passes).
    int passes;
    char message[200];
} gd_png;

static void gd_png_error(png_structp png, png_const_charp text) {
    gd_png *p = (gd_png *)png_get_error_ptr(png);
    if (p) { strncpy(p->message, text ? text : "libpng error", sizeof p->message - 1); }
    png_longjmp(png, 1);
}

static void gd_png_warning(png_structp png, png_const_charp text) { (void)png; (void)text; }

static void gd_png_read_memory(png_structp png, png_bytep out, size_t length) {
    gd_png *p = (gd_png *)png_get_io_ptr(png);
    if (length > p->size - p->offset) { png_error(png, "Read Error: truncated"); }
    memcpy(out, p->data + p->offset, length);
    p->offset += length;
}

/// Reads the header from the `size` bytes at `data` (kept alive by the caller until
/// `gd_png_close`) and sets 8-bit BGRA output (B, G, R, A in memory, straight
/// alpha). Returns 0, or -1 with `message` set.
static inline int gd_png_open(gd_png *p, const unsigned char *data, size_t size) {
    memset(p, 0, sizeof *p);
    p->data = data;
    p->size = size;
    p->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, p, gd_png_error, gd_png_warning);
    if (!p->png) { strcpy(p->message, "out of memory"); return -1; }
    p->info = png_create_info_struct(p->png);
    if (!p->info) { strcpy(p->message, "out of memory"); return -1; }
    if (setjmp(png_jmpbuf(p->png))) { return -1; }
    png_set_read_fn(p->png, p, gd_png_read_memory);
    png_read_info(p->png, p->info);
    p->width = png_get_image_width(p->png, p->info);
    p->height = png_get_image_height(p->png, p->info);
    int color = png_get_color_type(p->png, p->info);
    png_set_expand(p->png);
    png_set_scale_16(p->png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) { png_set_gray_to_rgb(p->png); }
    png_set_bgr(p->png);
    png_set_add_alpha(p->png, 0xFF, PNG_FILLER_AFTER);
    p->passes = png_set_interlace_handling(p->png);
    png_read_update_info(p->png, p->info);
    if (png_get_rowbytes(p->png, p->info) != (size_t)p->width * 4) {
        strcpy(p->message, "unexpected row layout");
        return -1;
    }
    return 0;
}

/// Reads the next row (width * 4 bytes) into `row`. Returns 0, or -1 with `message` set.
static inline int gd_png_read_row(gd_png *p, unsigned char *row) {
    if (setjmp(png_jmpbuf(p->png))) { return -1; }
    png_read_row(p->png, row, NULL);
    return 0;
}

/// Frees everything libpng holds.
static inline void gd_png_close(gd_png *p) {
    if (p->png) { png_destroy_read_struct(&p->png, p->info ? &p->info : NULL, NULL); }
    p->png = NULL; p->info = NULL;
}

// Not libpng, but the same decoding path: glibc raises its mmap threshold after
// the first large free, and from then on keeps freed picture buffers on its
// heap; a fixed threshold returns them to the system at once.
#include <malloc.h>
static inline void gd_fix_mmap_threshold(int bytes) { mallopt(M_MMAP_THRESHOLD, bytes); }

// Decoding threads run below the drawing thread (Linux nice values are per thread).
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
static inline void gd_lower_thread_priority(int nice) { setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), nice); }

// The decoding threads' kernel names (shown by `perf sched`, `top -H`; Foundation's Thread.name is not).
#include <sys/prctl.h>
static inline void gd_name_thread(const char *name) { prctl(PR_SET_NAME, name, 0, 0, 0); }
