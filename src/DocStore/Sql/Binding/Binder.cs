using DocStore.Bson;
using DocStore.Sql.Ast;
using DocStore.Sql.Binding.Names;
using DocStore.Sql.Bound;
using DocStore.Sql.Execution;

namespace DocStore.Sql.Binding;

/// <summary>
/// Resolves a parsed SELECT against the catalog: collections and aliases, paths to field ids (exactly,
/// then ignoring case when one name matches; quoted names exactly), functions and aggregates, ORDER BY
/// aliases and ordinals. Unknown or ambiguous names are errors that point at the name in the text.
/// </summary>
internal sealed partial class Binder
{
    private readonly string _sql;
    private readonly SqlCatalog _catalog;
    private readonly Func<SqlCollection, bool, IFieldDictionary> _fields;
    private readonly ParameterMap _parameters;
    private readonly List<BoundSource> _sources = [];
    private readonly SourceScope<BoundSource> _scope;
    private readonly List<AggregateSpec> _aggregates = [];
    private readonly List<BoundSelect> _subqueries = [];
    private int _elementSlots;
    private bool _aggregatesAllowed;
    private bool _insideAggregate;
    private readonly Binder? _outer;
    private bool _correlated;
    private int _outerSource = -1;
    private ulong _outerSources;

    /// <param name="sql">The statement text, for error excerpts.</param>
    /// <param name="catalog">The collections.</param>
    /// <param name="fields">A collection's field names; the flag asks for a fresh copy from the catalog.</param>
    /// <param name="parameters">The statement's parameter slots.</param>
    public Binder(string sql, SqlCatalog catalog, Func<SqlCollection, bool, IFieldDictionary> fields, ParameterMap parameters)
        : this(sql, catalog, fields, parameters, null)
    {
    }

    private Binder(string sql, SqlCatalog catalog, Func<SqlCollection, bool, IFieldDictionary> fields, ParameterMap parameters, Binder? outer)
    {
        _sql = sql;
        _catalog = catalog;
        _fields = fields;
        _parameters = parameters;
        _outer = outer;
        _scope = new SourceScope<BoundSource>(_sources, static s => s.Alias, (s, name, fresh) => ResolveField(s, name, fresh) is null ? FieldMatch.Missing : FieldMatch.Found,
            outer?._scope, ThrowAmbiguousField);
    }

    public BoundSelect Bind(SelectQuery query)
    {
        if (!query.Compound.IsEmpty)
        {
            return CompoundBinder.Bind(_sql, query, part => Sibling().Bind(part), value => Sibling().BindExpression(value));
        }

        if (query.From is not null)
        {
            AddSource(query.From, null, null);
        }

        foreach (var join in query.Joins)
        {
            AddSource(join.Source, join.Kind, null);
        }

        // ON conditions see the sources up to their own (a LEFT JOIN's condition cannot filter earlier rows).
        for (var i = 0; i < query.Joins.Length; i++)
        {
            var condition = JoinConditions.Condition(_sql, query.Joins[i], [.. _sources.Take(i + 1)], _sources[i + 1], (source, name) => ResolveField(source, name) is not null);
            var on = condition is null ? null : BindPredicate(condition);
            _sources[i + 1] = _sources[i + 1] with { On = on };
        }

        var where = query.Where is null ? null : BindPredicate(query.Where);
        var groupBy = query.GroupBy.Select(BindExpression).Select(WithSortCollation).ToArray();

        _aggregatesAllowed = true;
        var columns = BindColumns(query.Items);
        var having = query.Having is null ? null : BindPredicate(query.Having);
        var orderBy = query.OrderBy.Select(term => new SortKey(WithSortCollation(BindOrdering(term.Expression, columns)), term.Descending)).ToArray();
        _aggregatesAllowed = false;

        if (having is not null && groupBy.Length == 0 && _aggregates.Count == 0)
        {
            throw SqlErrors.NotSupported(_sql, query.Having!.Span, "HAVING needs GROUP BY or an aggregate");
        }

        return new BoundSelect
        {
            Sources = [.. _sources],
            Where = where,
            GroupBy = groupBy,
            Aggregates = [.. _aggregates],
            Having = having,
            Columns = columns,
            OrderBy = orderBy,
            Distinct = query.Distinct,
            Limit = query.Limit is null ? null : BindExpression(query.Limit),
            Offset = query.Offset is null ? null : BindExpression(query.Offset),
            Subqueries = [.. _subqueries],
            Correlated = _correlated,
            OuterSource = _outerSource,
            OuterSources = _outerSources,
            ElementSlots = _elementSlots,
            WholeDocumentSource = columns.Any(c => c.Value is not DocumentExpr) ? null
                : query.Items is [AllColumnsItem] && _sources.Count == 1 ? 0
                : query.Items is [SourceColumnsItem only] ? FindSource(only.Source)?.Index : null,
        };
    }

    private void AddSource(TableSource table, JoinKind? join, BoundExpr? on)
    {
        if (table.Subquery is not null)
        {
            var bound = new Binder(_sql, _catalog, _fields, _parameters, null).Bind(table.Subquery);
            _subqueries.Add(bound);
            _sources.Add(DerivedTables.Source(_sql, table, bound, _sources, _subqueries.Count - 1, join, on));
            return;
        }

        var name = table.Collection;
        var collection = _catalog.Find(name.Text, name.Quoted, matches =>
            throw SqlErrors.UnknownName(_sql, name.Span, $"The collection name '{name.Text}' is ambiguous: it matches {string.Join(", ", matches.Select(m => $"'{m}'"))} ignoring case; quote the exact name"));
        if (collection is null)
        {
            var known = string.Join(", ", _catalog.Collections.Select(c => c.Name).Take(20));
            throw SqlErrors.UnknownName(_sql, name.Span, $"Unknown collection '{name.Text}' (collections: {(known.Length == 0 ? "none" : known)})");
        }

        var alias = table.Alias?.Text ?? collection.Name;
        if (_sources.Any(s => string.Equals(s.Alias, alias, StringComparison.OrdinalIgnoreCase)))
        {
            throw SqlErrors.UnknownName(_sql, (table.Alias ?? name).Span, $"The name '{alias}' is used for two sources; give one an alias");
        }

        _sources.Add(new BoundSource(_sources.Count, alias, collection, join, on));
    }

    private OutputColumn[] BindColumns(IEnumerable<SelectItem> items)
    {
        var columns = new List<OutputColumn>();
        foreach (var item in items)
        {
            switch (item)
            {
                case AllColumnsItem when _sources.Count == 0:
                    throw SqlErrors.UnknownName(_sql, item.Span, "'*' needs a FROM clause: this query has no sources to take documents from");
                case AllColumnsItem:
                    foreach (var each in _sources)
                    {
                        AddSourceColumns(columns, each);
                    }

                    break;
                case SourceColumnsItem sourceColumns:
                    var source = FindSource(sourceColumns.Source)
                        ?? throw SqlErrors.UnknownName(_sql, sourceColumns.Source.Span, $"Unknown source '{sourceColumns.Source.Text}' before '.*'");
                    AddSourceColumns(columns, source);
                    break;
                case ExpressionItem expression:
                    var value = BindExpression(expression.Expression);
                    columns.Add(new OutputColumn(expression.Alias?.Text ?? Text(expression.Expression), value));
                    break;
            }
        }

        return [.. columns];
    }

    /// <summary>An ORDER BY term: an ordinal, an output alias, or an expression over the row.</summary>
    private BoundExpr BindOrdering(SqlExpression expression, OutputColumn[] columns)
    {
        if (expression is IntegerLiteral ordinal)
        {
            if (ordinal.Value < 1 || ordinal.Value > columns.Length)
            {
                throw SqlErrors.UnknownName(_sql, ordinal.Span, $"ORDER BY {ordinal.Value} is not a column number (the query has {columns.Length})");
            }

            return new ColumnRefExpr((int)ordinal.Value - 1) { Text = columns[ordinal.Value - 1].Name };
        }

        if (expression is PathExpression { Segments: [{ AnyElement: false } segment] })
        {
            var name = SqlNameMatch.Resolve(columns.Select(c => c.Name), segment.Name.Text, segment.Name.Quoted, out _);
            var index = name is null ? -1 : Array.FindIndex(columns, c => c.Name == name);

            if (index >= 0 && columns[index].Value is not DocumentExpr)
            {
                return new ColumnRefExpr(index) { Text = columns[index].Name };
            }
        }

        return BindExpression(expression);
    }

    private BoundSource? FindSource(SqlName name) => _scope.FindSource(name);

    private BoundSelect BindSubquery(SelectQuery query)
    {
        var inner = new Binder(_sql, _catalog, _fields, _parameters, this);
        var bound = inner.Bind(query);
        _subqueries.Add(bound);
        return bound;
    }

    /// <summary>A binder for another select of the same compound: same statement, own sources.</summary>
    private Binder Sibling() => new(_sql, _catalog, _fields, _parameters, _outer);

    private string Text(SqlNode node) => _sql.Substring(node.Span.Start, node.Span.Length);
}
