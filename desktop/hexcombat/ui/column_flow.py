"""A layout of widgets in as many equal columns as the width holds: the combat panel's condition
boxes sit side by side in a wide panel and one under another in a narrow one or at a large font,
never cut off at the panel's edge."""

from __future__ import annotations

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QWidget


class ColumnFlow(QLayout):
    """Items row by row in up to ``max_columns`` columns as wide as the widest item; fewer
    columns (down to one) when the width is short. Its height follows its width."""

    def __init__(
        self, parent: QWidget | None = None, max_columns: int = 2, spacing: tuple[int, int] = (6, 2)
    ) -> None:
        super().__init__(parent)
        self.max_columns = max_columns
        self.column_gap, self.row_gap = spacing
        self._items: list[QLayoutItem] = []
        self.setContentsMargins(0, 0, 0, 0)

    # the QLayout protocol ------------------------------------------------------------------

    def addItem(self, item: QLayoutItem) -> None:  # noqa: N802
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:  # noqa: N802
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:  # noqa: N802
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:  # noqa: N802
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        return self._place(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802
        super().setGeometry(rect)
        self._place(rect, move=True)

    def sizeHint(self) -> QSize:  # noqa: N802
        """All the columns side by side."""
        width = self._width_for(self.max_columns)
        return QSize(width, self.heightForWidth(width))

    def minimumSize(self) -> QSize:  # noqa: N802
        """As narrow as the widest item; the height at a width is :meth:`heightForWidth`'s
        (a one-column height here would keep two columns from giving any back)."""
        margins: QMargins = self.contentsMargins()
        return QSize(self._width_for(1), self._row_height() + margins.top() + margins.bottom())

    # placing -------------------------------------------------------------------------------

    def _shown(self) -> list[QLayoutItem]:
        return [item for item in self._items if not item.isEmpty()]

    def _widths(self, columns: int) -> list[int]:
        """Each column as wide as the widest item in it."""
        widths = [0] * columns
        for i, item in enumerate(self._shown()):
            widths[i % columns] = max(widths[i % columns], item.sizeHint().width())
        return widths

    def _row_height(self) -> int:
        return max((item.sizeHint().height() for item in self._shown()), default=0)

    def _row_heights(self, columns: int) -> list[int]:
        """Each row as tall as its tallest item: a spin box beside check boxes makes its own
        row taller, not every row."""
        heights: list[int] = []
        for i, item in enumerate(self._shown()):
            if i % columns == 0:
                heights.append(0)
            heights[-1] = max(heights[-1], item.sizeHint().height())
        return heights

    def _width_for(self, columns: int) -> int:
        margins: QMargins = self.contentsMargins()
        gaps = (columns - 1) * self.column_gap
        return sum(self._widths(columns)) + gaps + margins.left() + margins.right()

    def columns(self, width: int) -> int:
        """How many columns fit in ``width`` (at least one)."""
        fits = [n for n in range(1, self.max_columns + 1) if self._width_for(n) <= width]
        return max(fits, default=1)

    def _place(self, rect: QRect, move: bool) -> int:
        """Lay the items out in ``rect`` (when ``move``); the height they take. Spare width
        goes to the columns evenly."""
        margins: QMargins = self.contentsMargins()
        shown = self._shown()
        if not shown:
            return 0
        columns = self.columns(rect.width())
        widths = self._widths(columns)
        spare = max(0, rect.width() - self._width_for(columns)) // columns
        heights = self._row_heights(columns)
        tops = [rect.y() + margins.top()]
        for height in heights[:-1]:
            tops.append(tops[-1] + height + self.row_gap)
        if move:
            lefts = [rect.x() + margins.left()]
            for width in widths[:-1]:
                lefts.append(lefts[-1] + width + spare + self.column_gap)
            for i, item in enumerate(shown):
                row, column = divmod(i, columns)
                corner = QPoint(lefts[column], tops[row])
                item.setGeometry(QRect(corner, QSize(widths[column] + spare, heights[row])))
        rows = len(heights)
        return margins.top() + margins.bottom() + sum(heights) + (rows - 1) * self.row_gap
