// Village sample: the scene object that owns the goap World. C# 7.2 (Unity 2021.3+, Mono's mcs).
using System;
using System.Collections.Generic;
using UnityEngine;

namespace Goap.Samples.Village
{
    /// <summary>
    /// Owns the <see cref="Goap.World"/> of the scene (created in Awake, disposed in
    /// OnDestroy), loads the domain from a TextAsset, lays out the village's places and spawns
    /// the villagers. With <see cref="BatchPlanning"/> the villagers' agents never search in
    /// their own Step: every search of a frame runs in one <see cref="World.PlanAgents()"/>
    /// call in LateUpdate, on worker threads.
    /// </summary>
    [DefaultExecutionOrder(-100)]
    [DisallowMultipleComponent]
    public sealed class GoapVillage : MonoBehaviour
    {
        /// <summary>The places of the village: the domain's "go_X" actions lead to X and make "at_X" true.</summary>
        public static readonly string[] Places = { "bakery", "mill", "market", "tavern", "gate", "wall", "well", "river", "field" };

        /// <summary>What a villager may carry: facts a villager's role sets at the start (the rest are false).</summary>
        public static readonly string[] Items = { "has_coin", "has_flour", "has_grain", "has_sickle", "has_bread", "has_meal", "has_planks" };

        [Tooltip("The domain (JSON domain format): VillageDomain.json.")]
        [SerializeField] TextAsset domainJson = null;

        [Tooltip("Villagers to spawn at Awake; they take the roles below in turn.")]
        [SerializeField, Min(0)] int villagerCount = 4;

        [Tooltip("Optional: the villager prefab (needs a VillagerNpc). Without one, capsules are made.")]
        [SerializeField] VillagerNpc villagerPrefab = null;

        [SerializeField] VillagerRole[] roles = VillagerRole.Defaults();

        [Tooltip("Where the places are: one Transform per place, named like it (\"bakery\", \"mill\", ...). Missing ones are made on a circle.")]
        [SerializeField] Transform[] waypoints = new Transform[0];

        [Tooltip("Every search runs in one World.PlanAgents call per frame (LateUpdate) instead of in each villager's Step.")]
        [SerializeField] bool batchPlanning = true;

        [Tooltip("Seconds of a village day. A new day brings new orders (work goals become unmet again) and wages.")]
        [SerializeField, Min(1f)] float dayLength = 30f;

        [Tooltip("Seed of the villagers' System.Random (the failing action's dice): the same seed replays the same failures (with 10, the traveller's first bridge repair fails).")]
        [SerializeField] int seed = 10;

        [Tooltip("Point the main camera at the village on Awake.")]
        [SerializeField] bool frameMainCamera = true;

        World world;
        Domain domain;
        Transform[] placeTransforms;
        readonly Dictionary<ActionId, string> actionNames = new Dictionary<ActionId, string>();
        string[] goalNames = new string[0];
        float clock;
        int day;
        bool batchRequested;
        BatchStats lastBatch;
        static Font labelFont;
        FactId bridgeIntact;
        ActionId repairBridge;
        int sharedDay = -1;

        /// <summary>The world: null before Awake or when the domain failed to load, disposed after OnDestroy.</summary>
        public World World { get { return world; } }

        /// <summary>The village domain (valid while <see cref="World"/> is not null).</summary>
        public Domain Domain { get { return domain; } }

        /// <summary>True: agents are created with PlanInStep false and planned in LateUpdate.</summary>
        public bool BatchPlanning { get { return batchPlanning; } }

        /// <summary>The current day, from 0; villagers watch it change.</summary>
        public int Day { get { return day; } }

        /// <summary>The seed villagers derive their dice from.</summary>
        public int Seed { get { return seed; } }

        /// <summary>The names of the goals of the domain file, in order (an agent's goal index is its position here).</summary>
        public string[] GoalNames { get { return goalNames; } }

        /// <summary>What the latest batch did (zero without batch planning).</summary>
        public BatchStats LastBatch { get { return lastBatch; } }

        /// <summary>A villager's step returned Waiting: plan the waiting agents in this frame's LateUpdate.</summary>
        public void RequestBatch() { batchRequested = true; }

        /// <summary>The Transform of <paramref name="place"/> (one of <see cref="Places"/>), or null.</summary>
        public Transform FindPlace(string place)
        {
            int i = Array.IndexOf(Places, place);
            return i < 0 || placeTransforms == null ? null : placeTransforms[i];
        }

        /// <summary>The name of an action of the domain, cached at Awake (no garbage per call).</summary>
        public string ActionName(ActionId action)
        {
            string name;
            if (actionNames.TryGetValue(action, out name)) return name;
            // Not named in the file (an action added in code): asked once, then cached.
            name = domain.ActionName(action);
            actionNames[action] = name;
            return name;
        }

        void Awake()
        {
            if (domainJson == null)
            {
                Debug.LogError("GoapVillage: assign the domain TextAsset (VillageDomain.json)", this);
                enabled = false;
                return;
            }
            try
            {
                Library.EnsureLoaded();
                var settings = WorldSettings.Default;
#if UNITY_WEBGL && !UNITY_EDITOR
                // A WebGL player has no threads to spare: batches plan on the main thread.
                settings.WorkerThreads = 1;
#endif
                world = new World(settings);
                domain = world.LoadDomain(domainJson.text);
                CacheNames();
                bridgeIntact = domain.FindFact("bridge_intact");
                repairBridge = domain.FindAction("repair_bridge");
            }
            catch (Exception e)
            {
                // A missing native library (GoapLibraryException) or a bad file (GoapException, with line:column).
                Debug.LogException(e, this);
                if (world != null) world.Dispose();
                world = null;
                enabled = false;
                return;
            }
            LayOutPlaces();
            if (frameMainCamera && Camera.main != null)
            {
                Camera.main.transform.position = transform.position + new Vector3(0f, 14f, -12f);
                Camera.main.transform.LookAt(transform.position);
            }
            Spawn();
        }

        void Update()
        {
            clock += Time.deltaTime;
            day = (int)(clock / dayLength);
            if (world != null && day != sharedDay)
            {
                // The river breaks the bridge every night: the world's fact, written once for
                // every villager (Domain.SetSharedFact); only those whose plans or goals
                // depend on the bridge review.
                sharedDay = day;
                domain.SetSharedFact(bridgeIntact, false);
            }
        }

        /// <summary>
        /// A villager finished <paramref name="action"/>: what it changed in the world is
        /// written as shared facts, so every villager believes it (a repaired bridge).
        /// </summary>
        public void ActionDone(ActionId action)
        {
            if (world != null && action == repairBridge) domain.SetSharedFact(bridgeIntact, true);
        }

        void LateUpdate()
        {
            // The villagers whose step returned Waiting in Update asked for this batch; their
            // next Update starts the plans found here. Frames where nobody waits cost nothing.
            if (world == null || !batchPlanning || !batchRequested) return;
            batchRequested = false;
            lastBatch = world.PlanAgents();
        }

        void OnDestroy()
        {
            // Villagers destroyed after this (scene unload order is not defined) see
            // World.IsDisposed and skip destroying their agents: the world took them along.
            if (world != null) world.Dispose();
        }

        /// <summary>
        /// Action and goal names, read once from the library (no re-parsing of the file), so
        /// that names never cost garbage later. The file's goals are the ones every agent of
        /// the domain starts with: a short-lived agent tells them.
        /// </summary>
        void CacheNames()
        {
            int actions = domain.ActionCount;
            for (int i = 0; i < actions; i++)
            {
                var a = domain.ActionAt(i);
                actionNames[a] = domain.ActionName(a);
            }
            var probe = world.CreateAgent(AgentSettings.For(domain));
            try
            {
                goalNames = new string[probe.GetInfo().GoalCount];
                for (int i = 0; i < goalNames.Length; i++) goalNames[i] = probe.GoalName(probe.GoalAt(i));
            }
            finally { probe.Destroy(); }
        }

        void LayOutPlaces()
        {
            placeTransforms = new Transform[Places.Length];
            for (int i = 0; i < Places.Length; i++)
            {
                foreach (var w in waypoints)
                {
                    if (w != null && w.name == Places[i]) placeTransforms[i] = w;
                }
                if (placeTransforms[i] != null) continue;
                float angle = 2f * Mathf.PI * i / Places.Length;
                var marker = GameObject.CreatePrimitive(PrimitiveType.Cylinder);
                marker.name = Places[i];
                marker.transform.SetParent(transform, false);
                marker.transform.localPosition = new Vector3(7f * Mathf.Cos(angle), 0f, 7f * Mathf.Sin(angle));
                marker.transform.localScale = new Vector3(1.6f, 0.05f, 1.6f);
                Label(marker.transform, Places[i], new Vector3(0f, 0.3f, -1.2f), Color.white);
                placeTransforms[i] = marker.transform;
            }
        }

        void Spawn()
        {
            if (roles == null || roles.Length == 0) return;
            for (int i = 0; i < villagerCount; i++)
            {
                var role = roles[i % roles.Length];
                VillagerNpc npc;
                if (villagerPrefab != null)
                {
                    npc = Instantiate(villagerPrefab, transform);
                }
                else
                {
                    var body = GameObject.CreatePrimitive(PrimitiveType.Capsule);
                    body.transform.SetParent(transform, false);
                    npc = body.AddComponent<VillagerNpc>();
                }
                npc.name = i < roles.Length ? role.name : role.name + " " + (i / roles.Length + 1);
                // Before the villager's Start, which creates its agent and walks it to its place.
                npc.Configure(this, role, i);
            }
        }

        /// <summary>A text label under <paramref name="parent"/> (TextMesh: no UI package needed).</summary>
        internal static TextMesh Label(Transform parent, string text, Vector3 localPosition, Color color)
        {
            var go = new GameObject("label");
            go.transform.SetParent(parent, false);
            go.transform.localPosition = localPosition;
            go.transform.rotation = Quaternion.Euler(50f, 0f, 0f);
            var mesh = go.AddComponent<TextMesh>();
            // A TextMesh made in code has no font: give it the built-in one and its material.
            if (labelFont == null)
            {
#if UNITY_2022_2_OR_NEWER
                labelFont = Resources.GetBuiltinResource<Font>("LegacyRuntime.ttf");
#else
                labelFont = Resources.GetBuiltinResource<Font>("Arial.ttf");
#endif
            }
            mesh.font = labelFont;
            var meshRenderer = go.GetComponent<MeshRenderer>();
            if (meshRenderer != null && labelFont != null) meshRenderer.sharedMaterial = labelFont.material;
            mesh.text = text;
            mesh.anchor = TextAnchor.MiddleCenter;
            mesh.characterSize = 0.15f;
            mesh.fontSize = 32;
            mesh.color = color;
            return mesh;
        }
    }

    /// <summary>Who a villager is: where it starts, what it carries, its work goal, its hunger, what a new day changes.</summary>
    [Serializable]
    public sealed class VillagerRole
    {
        public string name = "Villager";
        public string job = "cook";
        [Tooltip("The place it starts at (one of GoapVillage.Places).")]
        public string startAt = "bakery";
        [Tooltip("Items (facts) true at the start; every other item is false.")]
        public string[] items = new string[0];
        [Tooltip("Its work goal (a \"goals\" entry of the domain file); the other work goals get priority 0.")]
        public string workGoal = "bake";
        public float workPriority = 5f;
        [Tooltip("Hunger at the start: the \"eat\" goal's priority.")]
        public float hunger;
        [Tooltip("Hunger gained per second.")]
        public float hungerPerSecond = 0.3f;
        [Tooltip("Facts a new day makes false (new orders: the work goal is unmet again).")]
        public string[] newDayFalse = new string[0];
        [Tooltip("Facts a new day makes true (wages).")]
        public string[] newDayTrue = new string[0];
        public Color color = Color.white;

        /// <summary>The four villagers of the goap demo: a cook, a farmer, a guard and a traveller.</summary>
        public static VillagerRole[] Defaults()
        {
            return new[]
            {
                new VillagerRole
                {
                    name = "Mara", job = "cook", startAt = "bakery", items = new[] { "has_flour", "has_coin" },
                    workGoal = "bake", hunger = 0f, hungerPerSecond = 0.15f,
                    newDayFalse = new[] { "bread_delivered" }, newDayTrue = new[] { "has_flour" },
                    color = new Color(0.95f, 0.75f, 0.3f),
                },
                new VillagerRole
                {
                    name = "Tom", job = "farmer", startAt = "field", items = new[] { "has_sickle" },
                    workGoal = "farm", hunger = 1f, hungerPerSecond = 0.2f,
                    newDayFalse = new[] { "grain_sold" }, color = new Color(0.45f, 0.8f, 0.35f),
                },
                new VillagerRole
                {
                    name = "Brom", job = "guard", startAt = "gate", items = new[] { "has_coin" },
                    workGoal = "patrol", hunger = 4.6f, hungerPerSecond = 0.15f,
                    newDayFalse = new[] { "gate_checked", "wall_checked", "well_checked" },
                    newDayTrue = new[] { "has_coin" }, color = new Color(0.4f, 0.55f, 0.95f),
                },
                new VillagerRole
                {
                    name = "Wren", job = "traveller", startAt = "river", items = new string[0],
                    workGoal = "cross", workPriority = 4f, hunger = 0.5f, hungerPerSecond = 0.05f,
                    newDayFalse = new[] { "across_river" },
                    newDayTrue = new[] { "has_coin" }, color = new Color(0.85f, 0.4f, 0.8f),
                },
            };
        }
    }
}
