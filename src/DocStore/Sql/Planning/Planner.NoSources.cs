using DocStore.Sql.Binding;

namespace DocStore.Sql.Planning;

internal static partial class Planner
{
    /// <summary>SELECT without FROM: nothing to access; its one row is filtered by WHERE when it runs.</summary>
    private static SelectPlan PlanWithoutSources(BoundSelect query) => new()
    {
        Query = query,
        Sources = [],
        SortNeeded = query.OrderBy.Length > 0,
        CountFromKeys = false,
        Subqueries = [.. query.Subqueries.Select(subquery => Plan(subquery))],
    };
}
