/*
 * imui.h - an immediate-mode UI in the manner of nuklear and Dear ImGui's
 * C bindings: each frame the program calls the widget functions, which
 * append triangles to the context's draw list (vertices, 16-bit indices,
 * one draw command per clip rectangle); the program's renderer backend
 * then uploads the list and consumes it.  Host side only: no Vulkan here.
 *
 *     struct ui_context ui;
 *     ui_new_frame(&ui, 320, 240);
 *     if (ui_begin(&ui, "Stats", 10, 10, 200, 120)) {
 *         ui_label(&ui, "fps");
 *         if (ui_button(&ui, "reset")) ...;
 *     }
 *     ui_end(&ui);
 *     ui_convert(&ui, vertex_memory, index_memory);   // nk_convert
 */
#ifndef IMUI_H
#define IMUI_H

#include <stdint.h>
#include <string.h>

#define UI_MAX_VERTICES 256
#define UI_MAX_INDICES 384
#define UI_MAX_COMMANDS 16
#define UI_GLYPH_W 6.0f
#define UI_ROW_H 14.0f

struct ui_vertex {
    float pos[2];
    float uv[2];
    uint32_t color;
};

typedef uint16_t ui_index;

struct ui_draw_command {
    uint32_t first_index, index_count;
    float clip[4];
};

struct ui_context {
    struct ui_vertex vertices[UI_MAX_VERTICES];
    ui_index indices[UI_MAX_INDICES];
    struct ui_draw_command commands[UI_MAX_COMMANDS];
    uint32_t vertex_count, index_count, command_count;
    float width, height;
    float x, y, w, h;   /* the current window */
    float cursor_y;
    float mouse_x, mouse_y;
    int mouse_down;
};

static inline void ui_quad(struct ui_context *ui, float x, float y, float w, float h, uint32_t color)
{
    if (ui->vertex_count + 4 > UI_MAX_VERTICES || ui->index_count + 6 > UI_MAX_INDICES)
        return;
    uint32_t v = ui->vertex_count;
    ui->vertices[v + 0] = (struct ui_vertex){{x, y}, {0, 0}, color};
    ui->vertices[v + 1] = (struct ui_vertex){{x + w, y}, {1, 0}, color};
    ui->vertices[v + 2] = (struct ui_vertex){{x + w, y + h}, {1, 1}, color};
    ui->vertices[v + 3] = (struct ui_vertex){{x, y + h}, {0, 1}, color};
    static const ui_index quad[6] = {0, 1, 2, 0, 2, 3};
    for (int i = 0; i < 6; i++)
        ui->indices[ui->index_count + i] = (ui_index)(v + quad[i]);
    ui->vertex_count += 4;
    ui->index_count += 6;
    if (ui->command_count > 0)
        ui->commands[ui->command_count - 1].index_count += 6;
}

static inline void ui_new_frame(struct ui_context *ui, float width, float height)
{
    ui->vertex_count = ui->index_count = ui->command_count = 0;
    ui->width = width;
    ui->height = height;
}

static inline int ui_begin(struct ui_context *ui, const char *title, float x, float y, float w, float h)
{
    if (ui->command_count == UI_MAX_COMMANDS)
        return 0;
    ui->commands[ui->command_count++] = (struct ui_draw_command){ui->index_count, 0, {x, y, x + w, y + h}};
    ui->x = x;
    ui->y = y;
    ui->w = w;
    ui->h = h;
    ui_quad(ui, x, y, w, h, 0xff202020u);                       /* background */
    ui_quad(ui, x, y, w, UI_ROW_H, 0xff604020u);                /* title bar */
    ui_quad(ui, x + 2, y + 2, UI_GLYPH_W * (float)strlen(title), UI_ROW_H - 4, 0xffffffffu);
    ui->cursor_y = y + UI_ROW_H + 2;
    return 1;
}

static inline void ui_label(struct ui_context *ui, const char *text)
{
    ui_quad(ui, ui->x + 4, ui->cursor_y, UI_GLYPH_W * (float)strlen(text), UI_ROW_H - 4, 0xffe0e0e0u);
    ui->cursor_y += UI_ROW_H;
}

static inline int ui_button(struct ui_context *ui, const char *label)
{
    float bx = ui->x + 4, by = ui->cursor_y, bw = ui->w - 8, bh = UI_ROW_H;
    int hover = ui->mouse_x >= bx && ui->mouse_x < bx + bw && ui->mouse_y >= by && ui->mouse_y < by + bh;
    ui_quad(ui, bx, by, bw, bh, hover ? 0xff808080u : 0xff404040u);
    ui_quad(ui, bx + 2, by + 2, UI_GLYPH_W * (float)strlen(label), bh - 4, 0xffffffffu);
    ui->cursor_y += UI_ROW_H + 2;
    return hover && ui->mouse_down;
}

static inline void ui_end(struct ui_context *ui)
{
    (void)ui;
}

/* nk_convert: the draw list copied out in the renderer's layout. */
static inline void ui_convert(const struct ui_context *ui, void *vertices, void *indices)
{
    memcpy(vertices, ui->vertices, ui->vertex_count * sizeof(struct ui_vertex));
    memcpy(indices, ui->indices, ui->index_count * sizeof(ui_index));
}

#endif
