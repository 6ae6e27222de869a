using DocStore.Bson;
using DocStore.Sql.Ast;
using DocStore.Sql.Binding;
using DocStore.Sql.Bound;
using DocStore.Sql.Planning;

namespace DocStore.Sql.Execution;

/// <summary>
/// One statement of a prepared text, bound and planned against one catalog by
/// <see cref="StatementDispatcher.Compile"/>. It is rebuilt when the catalog changes (a collection or
/// index created or dropped), so a cached plan never walks a dropped index and always sees a new one.
/// </summary>
internal sealed class CompiledStatement
{
    public CompiledStatement(SqlStatement statement, SqlCatalog catalog, ParameterMap parameters, SelectPlan? plan, WritePlan? write)
    {
        Write = write;
        Statement = statement;
        Catalog = catalog;
        Parameters = parameters;
        Plan = plan;
        IsPointQuery = plan is not null && PointLookup.Applies(plan);
    }

    public SqlStatement Statement { get; }

    /// <summary>The collections whose field names binding read fresh, with how many there were: more names make the statement stale.</summary>
    public IReadOnlyList<(SqlCollection Collection, int Count)> FieldCounts { get; init; } = [];

    /// <summary>True while every collection in <see cref="FieldCounts"/> still has as many field names (names only grow).</summary>
    public bool FieldsCurrent(Transactions.Transaction transaction, DocStoreContext context)
    {
        foreach (var (collection, count) in FieldCounts)
        {
            if (collection.FieldCount(transaction, context) != count)
            {
                return false;
            }
        }

        return true;
    }

    public SqlCatalog Catalog { get; }

    public ParameterMap Parameters { get; }

    /// <summary>The plan of a SELECT, or of the SELECT an EXPLAIN describes, or the query a write runs to find its rows; null for other statements.</summary>
    public SelectPlan? Plan { get; }

    /// <summary>True when <see cref="Plan"/> is a point query that <see cref="PointLookup"/> can answer (decided once, not per execution).</summary>
    public bool IsPointQuery { get; }

    /// <summary>The plan of an INSERT, UPDATE or DELETE (or of the one an EXPLAIN describes); null for other statements.</summary>
    public WritePlan? Write { get; }

    /// <summary>The parameter values in slot order; a missing one is an error naming it.</summary>
    public SqlValue[] BindParameters(string sql, ISqlParameterValues? values)
    {
        var slots = Parameters.Slots;
        var result = new SqlValue[slots.Count];
        for (var i = 0; i < slots.Count; i++)
        {
            var parameter = slots[i];
            Bson.Model.BsonValue? value = null;
            var found = values is not null && (parameter.Style == ParameterStyle.Positional
                ? values.TryGetPositional(parameter.Position, out value)
                : values.TryGetNamed(parameter.Name!, out value));
            if (!found && Statement is ExplainStatement)
            {
                // EXPLAIN describes the plan without running it, so it needs no values.
                continue;
            }

            if (!found)
            {
                var name = parameter.Style == ParameterStyle.Positional ? $"?{parameter.Position} (positional parameter {parameter.Position})" : $"'{parameter.Name}'";
                throw SqlErrors.At(sql, parameter.Span, DocStoreErrorCode.SqlParameterMissing, $"The parameter {name} has no value");
            }

            result[i] = BsonValues.FromBson(value);
        }

        return result;
    }
}
