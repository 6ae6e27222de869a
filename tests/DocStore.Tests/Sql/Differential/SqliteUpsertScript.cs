namespace DocStore.Tests.Sql.Differential;

/// <summary>
/// The <c>upserts</c> script of <see cref="SqliteScripts"/>: INSERT OR REPLACE and REPLACE INTO (one row
/// replacing several), ON CONFLICT DO UPDATE with <c>excluded</c> and a WHERE, several ON CONFLICT clauses,
/// DEFAULT expressions (CURRENT_TIMESTAMP compared by shape only), UNIQUE NOCASE and RTRIM columns, a unique
/// index on a NOCASE column, and the refusals SQLite makes.
/// </summary>
internal static class SqliteUpsertScript
{
    public const string Text = """
        CREATE TABLE kv (id INTEGER PRIMARY KEY, name TEXT COLLATE NOCASE UNIQUE, code TEXT COLLATE RTRIM UNIQUE, hits INT NOT NULL DEFAULT (1 + 1), note TEXT DEFAULT ('n' || 'one'), made TEXT DEFAULT CURRENT_TIMESTAMP);
        INSERT INTO kv (id, name, code) VALUES (1, 'Apple', 'a1'), (2, 'Berry', 'b2'), (3, 'cherry', 'c3');
        SELECT id, name, code, hits, note, length(made), made IS NOT NULL FROM kv ORDER BY id;
        SELECT COUNT(DISTINCT made) FROM kv;
        INSERT INTO kv (id, name, code) VALUES (4, 'APPLE', 'd4');
        INSERT INTO kv (id, name, code) VALUES (4, 'date', 'a1  ');
        INSERT INTO kv (id, name, code) VALUES (4, 'date', 'd4 ');
        SELECT id, name, code FROM kv WHERE name = 'apple';
        SELECT id FROM kv WHERE code = 'd4';
        SELECT id FROM kv WHERE name > 'b' ORDER BY id;
        INSERT OR REPLACE INTO kv (id, name, code) VALUES (5, 'berry', 'c3');
        SELECT id, name, code, hits FROM kv ORDER BY id;
        REPLACE INTO kv (id, name, code, hits) VALUES (1, 'fig', 'f6', NULL);
        SELECT id, name, code, hits FROM kv ORDER BY id;
        INSERT INTO kv (id, name, code) VALUES (9, 'FIG', 'x') ON CONFLICT (name) DO UPDATE SET hits = hits + 10, note = excluded.code;
        SELECT id, name, code, hits, note FROM kv ORDER BY id;
        INSERT INTO kv (id, name, code) VALUES (9, 'fig', 'y') ON CONFLICT (name) DO UPDATE SET hits = hits + 1 WHERE excluded.code = 'z';
        SELECT id, hits FROM kv ORDER BY id;
        INSERT INTO kv (id, name, code) VALUES (4, 'Kiwi', 'k') ON CONFLICT (code) DO NOTHING;
        INSERT INTO kv (id, name, code) VALUES (4, 'Kiwi', 'k') ON CONFLICT (id) DO UPDATE SET name = excluded.name, code = excluded.code;
        SELECT id, name, code FROM kv ORDER BY id;
        INSERT INTO kv (id, name, code) VALUES (6, 'kiwi', 'q'), (7, 'lime', 'F6') ON CONFLICT (name) DO UPDATE SET hits = 0 ON CONFLICT DO NOTHING;
        SELECT id, name, code, hits FROM kv ORDER BY id;
        INSERT INTO kv (id, name, code) VALUES (8, 'LIME', 'k ') ON CONFLICT (name) DO UPDATE SET code = excluded.code;
        SELECT id, name, code FROM kv ORDER BY id;
        INSERT INTO kv (id, name) VALUES (10, 'x') ON CONFLICT (note) DO NOTHING;
        INSERT OR ABORT INTO kv (id, name) VALUES (1, 'pear');
        INSERT OR ABORT INTO kv (id, name) VALUES (12, 'pear');
        SELECT COUNT(*), SUM(hits) FROM kv;
        CREATE TABLE tags (tag TEXT COLLATE NOCASE, owner INT, weight REAL DEFAULT (0.5 * 3));
        INSERT INTO tags (tag, owner) VALUES ('Red', 1), ('red', 2), ('BLUE', 3);
        CREATE UNIQUE INDEX tags_tag ON tags (tag);
        DELETE FROM tags WHERE owner = 2;
        CREATE UNIQUE INDEX tags_tag ON tags (tag);
        INSERT INTO tags (tag, owner) VALUES ('RED', 4);
        INSERT OR REPLACE INTO tags (tag, owner) VALUES ('RED', 4), ('green', 5), ('Blue', 6);
        SELECT tag, owner, weight FROM tags ORDER BY owner;
        SELECT owner FROM tags WHERE tag = 'blue';
        SELECT owner FROM tags WHERE tag >= 'green' ORDER BY owner;
        INSERT INTO tags (tag, owner) VALUES ('GREEN', 7) ON CONFLICT (tag) DO UPDATE SET owner = owner * 10 + excluded.owner, weight = excluded.weight + 1;
        SELECT tag, owner, weight FROM tags ORDER BY owner;
        CREATE TABLE bad (a INT DEFAULT (a + 1));
        """;
}
