using System.Linq.Expressions;
using DocStore.Bson;
using DocStore.Sql.Binding;
using DocStore.Sql.Bound;
using DocStore.Sql.Planning;

namespace DocStore.Linq.Translation;

/// <summary>
/// Builds the bound SELECT of a query chain — <c>SELECT * FROM coll WHERE ... ORDER BY ... LIMIT ... OFFSET ...</c>
/// over one collection — and hands it to the SQL planner. Ordering is made deterministic: the key field
/// ends every ORDER BY (ascending, the order of a plain scan), and a query without OrderBy returns its
/// rows in key order, as enumerating the collection does.
/// </summary>
internal static class QueryTranslator
{
    public static LinqPlan Translate(QueryChain chain, CapturedQuery captured, SqlCatalog catalog, SqlCollection collection, IFieldDictionary fields, DocumentReader? reader = null)
    {
        var context = new TranslationContext(collection, fields, captured, chain.Document) { Reader = reader };
        var predicates = new PredicateTranslator(context);
        var where = Conjuncts.Combine([.. chain.Filters.Select(predicates.Translate)]);

        var paging = new (bool Skip, int Value)[chain.Paging.Count];
        for (var i = 0; i < paging.Length; i++)
        {
            var step = chain.Paging[i];
            if (!context.TryValue(step.Count, out var slot, out _))
            {
                throw QueryChain.Refuse(step.Count, "the count of Skip or Take must be a value, not a member of the document");
            }

            paging[i] = (step.Skip, slot);
        }

        var counting = chain.Terminal is Terminal.Count or Terminal.LongCount or Terminal.Any;
        var orderBy = counting && paging.Length == 0 ? [] : Orderings(chain, context);

        BoundExpr? limit = null;
        BoundExpr? offset = null;
        if (paging.Length > 0 || chain.Terminal is not (Terminal.Sequence or Terminal.Count or Terminal.LongCount))
        {
            limit = context.Parameter(ParameterKind.Limit, -1, -1, null);
            offset = context.Parameter(ParameterKind.Offset, -1, -1, null);
        }

        var alias = collection.Name;
        var bound = new BoundSelect
        {
            Sources = [new BoundSource(0, alias, collection, null, null)],
            Where = where,
            GroupBy = [],
            Aggregates = [],
            Having = null,
            Columns = [new OutputColumn(alias, new DocumentExpr(0) { Text = alias })],
            OrderBy = orderBy,
            Distinct = false,
            Limit = limit,
            Offset = offset,
            Subqueries = [],
            ElementSlots = context.ElementSlots,
            WholeDocumentSource = 0,
        };

        var values = Expression.Parameter(typeof(object?[]), "values");
        var projection = chain.Selector is null ? null : new ValueSlotRewriter(captured, values).Visit(chain.Selector);
        var fieldProjection = projection is null ? null : FieldProjection.Make(projection, chain.Document, values, context);
        return new LinqPlan
        {
            Catalog = catalog,
            Select = Planner.Plan(bound),
            Parameters = [.. context.Parameters],
            Paging = paging,
            Terminal = chain.Terminal,
            Cacheable = context.Cacheable,
            Projection = projection,
            Fields = fieldProjection,
            Document = chain.Document,
            Values = values,
        };
    }

    private static SortKey[] Orderings(QueryChain chain, TranslationContext context)
    {
        var keys = new List<SortKey>();
        var keyed = false;
        foreach (var ordering in chain.Orderings)
        {
            var member = MemberResolver.Resolve(ordering.Key, context)
                ?? throw QueryChain.Refuse(ordering.Source, "only a member of the document (p.Name, p.Address.City) can be an ordering key");
            keyed |= member.IsKey;
            BoundExpr value = member.Value;
            if (member.Deserialized is { } read)
            {
                // A missing field reads as the member's initializer: the document decides where it sorts.
                value = read;
            }
            else if (!member.IsKey && ClrDefaults.HasValueDefault(member.Type))
            {
                // A missing field reads as the type's default, and sorts where that default does.
                var fallback = ClrValues.ToSql(ClrDefaults.Of(member.Type));
                value = new FunctionExpr("COALESCE", [member.Value, new LiteralExpr(fallback) { Text = ClrValues.Show(ClrDefaults.Of(member.Type)) }])
                {
                    Text = $"COALESCE({member.Value.Text}, {ClrValues.Show(ClrDefaults.Of(member.Type))})",
                };
            }

            keys.Add(new SortKey(value, ordering.Descending));
        }

        if (!keyed)
        {
            var keyField = context.Collection.KeyField;
            keys.Add(new SortKey(new PathExpr(0, [context.FieldId(keyField)], -1, -1, keyField) { Text = keyField }, false));
        }

        return [.. keys];
    }
}
