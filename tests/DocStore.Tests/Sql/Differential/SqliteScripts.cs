namespace DocStore.Tests.Sql.Differential;

/// <summary>
/// DDL + DML + query scripts in SQLite's own syntax, run unchanged through SQLite and DocStore by
/// <see cref="SqliteScriptTests"/>: tables of mixed INTEGER, REAL, TEXT, NUMERIC and untyped columns with
/// NULLs, text holding numbers, mixed-case strings. Statements end with ";" at the end of a line.
/// </summary>
public static class SqliteScripts
{
    private const string Mixed = """
        CREATE TABLE t1 (a INTEGER, b TEXT, c REAL, d NUMERIC, e BLOB, f);
        INSERT INTO t1 VALUES (1, 'one', 1.5, '10', 'x', 1);
        INSERT INTO t1 VALUES ('2', 2, '2.5', 3.0, '20', '20');
        INSERT INTO t1 VALUES ('abc', 'Abc', 'xyz', 'text', 30, 30.5);
        INSERT INTO t1 VALUES (NULL, NULL, NULL, NULL, NULL, NULL);
        INSERT INTO t1 VALUES (' 7 ', 'ABC', 4, '4.0', ' 5', 'aBc');
        INSERT INTO t1 VALUES (-3, '-3', -3, '-3.5', -3, -3);
        INSERT INTO t1 (b, a) VALUES ('only b', 8);
        SELECT * FROM t1 ORDER BY b;
        SELECT a, b FROM t1 WHERE a = '2';
        SELECT a FROM t1 WHERE a > '1' ORDER BY a;
        SELECT b FROM t1 WHERE b = 2;
        SELECT b FROM t1 WHERE b < 5 ORDER BY b;
        SELECT a, c FROM t1 WHERE c = '2.5';
        SELECT d FROM t1 WHERE d = 3 ORDER BY d;
        SELECT d FROM t1 WHERE d = '10';
        SELECT e FROM t1 WHERE e = 20;
        SELECT e FROM t1 WHERE e = '20';
        SELECT f FROM t1 WHERE f = 20;
        SELECT f FROM t1 WHERE f = '20';
        SELECT a, b FROM t1 WHERE a = b;
        SELECT a, d FROM t1 WHERE a < d ORDER BY a;
        SELECT b, e FROM t1 WHERE b = e;
        SELECT a + 1, b + 1, c * 2, d - 1 FROM t1 ORDER BY b;
        SELECT b || '!', -b, +b FROM t1 ORDER BY b;
        SELECT a, a < c, (a < c) = 1, a = 1 FROM t1 ORDER BY b;
        SELECT b FROM t1 WHERE (a < 5) = 1 ORDER BY b;
        SELECT b FROM t1 WHERE b LIKE 'abc' ORDER BY b;
        SELECT b FROM t1 WHERE b LIKE 'a%' ORDER BY b;
        SELECT b FROM t1 WHERE b NOT LIKE '%B%' ORDER BY b;
        SELECT f FROM t1 WHERE f LIKE 'ABC';
        SELECT b FROM t1 WHERE b IN (2, 'abc', 'ABC') ORDER BY b;
        SELECT a FROM t1 WHERE a IN ('2', '8') ORDER BY a;
        SELECT a FROM t1 WHERE a BETWEEN '1' AND '7' ORDER BY a;
        SELECT COUNT(*), COUNT(a), SUM(a), MIN(b), MAX(b) FROM t1;
        SELECT b FROM t1 WHERE b IS NULL;
        SELECT a FROM t1 WHERE b;
        """;

    private const string Keys = """
        CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INT DEFAULT 30, score REAL DEFAULT 0.5, note VARCHAR(20) DEFAULT 'none');
        INSERT INTO people (name) VALUES ('Ann');
        INSERT INTO people (name, age) VALUES ('bob', '41');
        INSERT INTO people VALUES (10, 'Cid', 25, 7, NULL);
        INSERT INTO people (id, name, age) VALUES (NULL, 'dee', 52);
        INSERT INTO people (name, score, note) VALUES ('Eve', '9.25', 12);
        SELECT * FROM people ORDER BY id;
        SELECT id, name FROM people WHERE id = '10';
        SELECT name FROM people WHERE age > '40' ORDER BY name;
        SELECT name FROM people WHERE name LIKE 'b%' OR name LIKE 'E%' ORDER BY id;
        INSERT INTO people (age) VALUES (1);
        SELECT COUNT(*) FROM people;
        INSERT INTO people VALUES (10, 'dup', 1, 1, 'x');
        SELECT name FROM people WHERE id = 10;
        UPDATE people SET age = '60', note = 3.5 WHERE name = 'Cid';
        SELECT age, note FROM people WHERE name = 'Cid';
        UPDATE people SET name = NULL WHERE id = 1;
        SELECT name FROM people WHERE id = 1;
        DELETE FROM people WHERE age < 40;
        SELECT id, name FROM people ORDER BY id;
        """;

    private const string Copies = """
        CREATE TABLE src (k INTEGER, v TEXT, w REAL);
        INSERT INTO src VALUES (1, 'a', 1), (2, 'B', 2.5), (3, NULL, NULL), (4, '40', '4');
        CREATE TABLE dst (x INTEGER, y TEXT, z);
        INSERT INTO dst SELECT k, v, w FROM src WHERE k < 3;
        INSERT INTO dst (z, x) SELECT v, w FROM src WHERE k >= 3;
        SELECT * FROM dst ORDER BY x, y;
        INSERT INTO dst SELECT * FROM dst WHERE x = 1;
        SELECT COUNT(*) FROM dst;
        INSERT INTO dst (x) SELECT k FROM src;
        SELECT x, y FROM dst WHERE x > 1 ORDER BY x, y;
        INSERT INTO dst SELECT k, v FROM src;
        SELECT COUNT(*) FROM dst;
        CREATE TABLE IF NOT EXISTS dst (q);
        DROP TABLE src;
        SELECT * FROM src;
        DROP TABLE IF EXISTS src;
        CREATE TABLE src (k INT);
        SELECT COUNT(*) FROM src;
        """;

    private const string Indexed = """
        CREATE TABLE items (sku TEXT, qty INTEGER, price REAL);
        CREATE INDEX items_qty ON items (qty DESC, sku ASC);
        CREATE INDEX items_sku ON items (sku);
        INSERT INTO items VALUES ('apple', 5, 1.25), ('Apricot', '7', 2), ('banana', 12, '0.5'), ('APPLE', 3, NULL), ('cherry', NULL, 9);
        SELECT sku FROM items WHERE qty = '7';
        SELECT sku, qty FROM items WHERE qty > 4 ORDER BY qty DESC;
        SELECT sku FROM items WHERE sku LIKE 'ap%' ORDER BY sku;
        SELECT sku FROM items WHERE sku LIKE 'AP%' ORDER BY sku;
        SELECT sku FROM items WHERE sku = 'apple';
        SELECT sku FROM items ORDER BY qty, sku;
        PRAGMA case_sensitive_like = ON;
        SELECT sku FROM items WHERE sku LIKE 'ap%' ORDER BY sku;
        SELECT sku FROM items WHERE sku LIKE 'AP%' ORDER BY sku;
        PRAGMA case_sensitive_like = OFF;
        SELECT sku FROM items WHERE sku LIKE 'AP%' ORDER BY sku;
        """;

    private const string Errors = """
        CREATE TABLE e1 (a INTEGER NOT NULL, b TEXT);
        INSERT INTO e1 VALUES (1, 'x');
        INSERT INTO e1 (b) VALUES ('no a');
        INSERT INTO e1 VALUES (1, 'x', 'extra');
        INSERT INTO e1 VALUES (2);
        INSERT INTO e1 SELECT a FROM e1;
        CREATE TABLE e1 (z);
        CREATE TABLE e2 (a, a);
        SELECT * FROM e1;
        SELECT nothere FROM e1;
        DROP TABLE e3;
        """;

    private const string Joins = """
        CREATE TABLE emp (id INTEGER PRIMARY KEY, name TEXT, dept INTEGER, city TEXT);
        CREATE TABLE dept (dept INTEGER, title TEXT, city TEXT);
        CREATE TABLE bonus (name TEXT, amount REAL);
        INSERT INTO emp VALUES (1, 'Ann', 10, 'Oslo'), (2, 'bob', 20, 'oslo'), (3, 'Cid', 10, 'Bergen'), (4, 'dee', NULL, NULL), (5, 'Eve', 30, 'OSLO');
        INSERT INTO dept VALUES (10, 'Sales', 'Oslo'), (20, 'R&D', 'Oslo'), (30, 'Ops', 'OSLO'), (40, 'Empty', NULL);
        INSERT INTO bonus VALUES ('ann', 1.5), ('Bob', '2'), ('Cid', 3), ('zed', NULL);
        SELECT emp.name, dept.title FROM emp NATURAL JOIN dept ORDER BY emp.id;
        SELECT emp.name, dept.title FROM emp NATURAL LEFT JOIN dept ORDER BY emp.id;
        SELECT emp.name, dept.title FROM emp NATURAL LEFT OUTER JOIN dept ORDER BY emp.id;
        SELECT emp.name, dept.title FROM emp NATURAL INNER JOIN dept ORDER BY emp.id;
        SELECT emp.name, dept.title FROM emp NATURAL CROSS JOIN dept ORDER BY emp.id;
        SELECT emp.name, bonus.amount FROM emp NATURAL JOIN bonus;
        SELECT e.name, s.t FROM emp e NATURAL JOIN (SELECT dept, title AS t FROM dept) s ORDER BY e.id;
        SELECT emp.name, dept.title FROM emp JOIN dept USING (dept) ORDER BY emp.id;
        SELECT emp.name, dept.title FROM emp JOIN dept USING (dept, city) ORDER BY emp.id;
        SELECT emp.name, dept.title FROM emp, dept WHERE emp.dept = dept.dept AND emp.city = dept.city COLLATE NOCASE ORDER BY emp.id;
        SELECT emp.name, dept.title FROM emp CROSS JOIN dept WHERE dept.dept = emp.dept + 10 ORDER BY emp.id;
        SELECT emp.name FROM emp NATURAL JOIN dept ON emp.id = 1;
        SELECT emp.name FROM emp NATURAL JOIN dept USING (dept);
        SELECT name FROM emp WHERE name COLLATE NOCASE IN ('ANN', 'BOB') ORDER BY id;
        SELECT name FROM emp WHERE name IN ('ann', 'BOB' COLLATE NOCASE) ORDER BY id;
        SELECT name FROM emp WHERE name IN ('ANN' COLLATE NOCASE) ORDER BY id;
        SELECT name FROM emp WHERE name COLLATE NOCASE BETWEEN 'b' AND 'D' ORDER BY id;
        SELECT name FROM emp WHERE name BETWEEN 'b' COLLATE NOCASE AND 'D' ORDER BY id;
        SELECT name FROM emp WHERE name COLLATE NOCASE IN (SELECT name FROM bonus) ORDER BY id;
        SELECT lower(city), COUNT(*) FROM emp GROUP BY city COLLATE NOCASE ORDER BY 1;
        SELECT COUNT(*) FROM (SELECT DISTINCT city COLLATE NOCASE FROM emp);
        SELECT COUNT(DISTINCT city COLLATE NOCASE), COUNT(DISTINCT city) FROM emp;
        SELECT COUNT(*) FROM (SELECT name COLLATE NOCASE FROM emp UNION SELECT name FROM bonus);
        SELECT COUNT(*) FROM (SELECT name COLLATE NOCASE FROM emp EXCEPT SELECT name FROM bonus);
        SELECT name FROM emp ORDER BY name COLLATE NOCASE DESC;
        SELECT COUNT(*) FROM (SELECT id FROM emp WHERE id < 3), (SELECT dept FROM dept WHERE dept > 10);
        SELECT e.name, (SELECT MAX(b.amount) FROM bonus b WHERE b.name = e.name COLLATE NOCASE) FROM emp e ORDER BY e.id;
        SELECT name FROM emp e WHERE EXISTS (SELECT 1 FROM dept d WHERE d.dept = e.dept AND d.city = e.city) ORDER BY id;
        SELECT name FROM emp WHERE dept IN (SELECT dept FROM dept WHERE title LIKE '%s%' AND dept IN (SELECT dept FROM emp WHERE city GLOB 'O*')) ORDER BY id;
        SELECT CASE WHEN dept IS NULL THEN 'none' ELSE CAST(dept AS TEXT) END, city FROM emp ORDER BY id;
        SELECT dept FROM emp UNION SELECT dept FROM dept ORDER BY 1;
        SELECT dept FROM emp INTERSECT SELECT dept FROM dept ORDER BY 1;
        SELECT city FROM emp EXCEPT SELECT city FROM dept ORDER BY 1;
        """;

    /// <summary>The scripts by name.</summary>
    public static TheoryData<string> Names => new() { "mixed", "keys", "copies", "indexed", "errors", "joins", "upserts" };

    /// <summary>The statements of script <paramref name="name"/>.</summary>
    public static IReadOnlyList<string> Statements(string name)
    {
        var script = name switch
        {
            "mixed" => Mixed,
            "keys" => Keys,
            "copies" => Copies,
            "indexed" => Indexed,
            "joins" => Joins,
            "upserts" => SqliteUpsertScript.Text,
            _ => Errors,
        };
        return [.. script.Split(";\n").Select(s => s.Trim().TrimEnd(';')).Where(s => s.Length > 0)];
    }
}
