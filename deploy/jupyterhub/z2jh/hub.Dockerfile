# The hub's image for Zero to JupyterHub with balada-widgets in it: the class service
# (python -m balada_widgets.classroom.hub) runs in the hub's pod, started by the hub
# (deploy/jupyterhub/z2jh/values.yaml, hub.services.balada-class). Build from the repository's root:
#
#   docker build -f deploy/jupyterhub/z2jh/hub.Dockerfile --build-arg HUB_IMAGE_TAG=<the chart's hub tag> \
#       -t registry.example.org/balada-widgets-hub:$(git rev-parse --short HEAD) .
#
# HUB_IMAGE_TAG is the tag of the hub image of the chart version you install (a hub image
# of another version would run another JupyterHub than the chart expects).
ARG HUB_IMAGE_TAG
FROM quay.io/jupyterhub/k8s-hub:${HUB_IMAGE_TAG}

USER root
COPY . /srv/balada-widgets
# the package with psycopg (the class store in PostgreSQL), and Solara's front end from npm into the
# image's cache (scripts/solara_offline.py), so the service's pages load nothing from a CDN; npm leaves again
RUN apt-get update \
 && apt-get install -y --no-install-recommends npm \
 && python3 -m pip install --no-cache-dir "/srv/balada-widgets[postgres]" \
 && cd /srv/balada-widgets && python3 scripts/solara_offline.py \
 && apt-get purge -y npm && apt-get autoremove -y \
 && rm -rf /var/lib/apt/lists/* /root/.npm /root/.cache
USER ${NB_USER}
